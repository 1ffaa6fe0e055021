import type { ZodError, ZodType } from 'zod';
import { AppError } from '../errors/aliases.js';

/** One sentence per problem, naming the field, e.g. "itemId: Send the product id as text." */
export function describeZodError(error: ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => {
      const path = issue.path.map(String).join('.');
      return path ? `${path}: ${issue.message}` : issue.message;
    })
    .join(' ');
}

/** Parses request input with a zod schema; bad input becomes a 400 `invalid-body` with a readable message. */
export function parseInput<T>(schema: ZodType<T>, value: unknown, what = 'request body'): T {
  if (value === undefined || value === null) {
    throw new AppError('invalid-body', `The ${what} is missing; send a JSON object.`);
  }
  const result = schema.safeParse(value);
  if (!result.success) throw new AppError('invalid-body', describeZodError(result.error));
  return result.data;
}
