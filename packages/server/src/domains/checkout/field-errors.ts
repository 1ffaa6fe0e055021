import type { ZodType } from 'zod';
import { AppError } from '../../platform/errors/aliases.js';
import { describeZodError } from '../../platform/http/validate.js';

/**
 * Like `parseInput`, and the 400 also carries `fields`: the message of each bad field keyed by its
 * path (`coupons.1.code`), so an editor form can show every message beside its own field.
 */
export function parseWithFields<T>(schema: ZodType<T>, value: unknown, what = 'request body'): T {
  if (value === undefined || value === null) {
    throw new AppError('invalid-body', `The ${what} is missing; send a JSON object.`);
  }
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const path = issue.path.map(String).join('.');
    fields[path] ??= issue.message;
  }
  throw new AppError('invalid-body', describeZodError(result.error), { fields });
}
