export const E2E_PORT = 3100;
export const partnerUrl = (key: string, path = '/') => `http://${key}.localhost:${E2E_PORT}${path}`;
export const apiUrl = (path: string) => `http://localhost:${E2E_PORT}/api${path}`;
