import { Type, type Static } from '@sinclair/typebox';

/** Every error except 401 answers this shape (API.md Part A, "Errors"). */
export const ErrorBody = Type.Object(
  {
    message: Type.String(),
    requestId: Type.Optional(Type.String()),
  },
  { $id: 'Error' },
);
export type ErrorBody = Static<typeof ErrorBody>;

/** `GET /health` needs no key. */
export const HealthResponse = Type.Object({
  status: Type.Literal('ok'),
  version: Type.String(),
});
export type HealthResponse = Static<typeof HealthResponse>;
