import { z } from 'zod';

/** GET /health: the API answers (liveness). */
export const healthResponse = z.object({ status: z.literal('ok') });
export type HealthResponse = z.infer<typeof healthResponse>;
