/** The e2e server's port: 3100, or E2E_PORT (two checkouts can run their e2e side by side). */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const partnerUrl = (key: string, path = '/') => `http://${key}.localhost:${E2E_PORT}${path}`;
export const apiUrl = (path: string) => `http://localhost:${E2E_PORT}/api${path}`;
