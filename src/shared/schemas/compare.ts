import { z } from 'zod';
import { MAX_COMPARED } from '../compare-ids';
import { partnerProgrammeJson } from './partner-programme-json';
import { listingSummaryJson } from './responses';

/** GET /api/compare?ids=: one to four listing ids, comma-separated. */
export const compareQuerySchema = z.object({
  ids: z
    .string({ error: 'ids is required: one to four listing ids, comma-separated' })
    .trim()
    .max(200, 'ids must be at most four listing ids')
    .refine((text) => text.split(',').every((part) => /^\s*\d{1,10}\s*$/.test(part)), 'ids must be listing ids, comma-separated')
    .refine((text) => new Set(text.split(',').map((part) => Number(part))).size <= MAX_COMPARED, `At most ${MAX_COMPARED} listings can be compared`),
});

export const compareItemJson = z
  .object({
    listing: listingSummaryJson,
    programme: partnerProgrammeJson.nullable().describe('The partner programme as this viewer may see it (numbers left out where its visibility says so); null: none'),
  })
  .meta({ id: 'CompareItem' });

export const compareJson = z
  .object({
    ids: z.array(z.number().int()).describe('The live listings compared, in canonical (ascending) order; ids of listings that are not live are left out'),
    items: z.array(compareItemJson),
  })
  .meta({ id: 'Comparison' });

export type CompareJson = z.infer<typeof compareJson>;
export type CompareItem = z.infer<typeof compareItemJson>;
