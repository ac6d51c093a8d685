import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from './http-error';

interface ValidationIssue {
  keyword: string;
  instancePath: string;
  schemaPath?: string;
  message?: string;
  params: Record<string, unknown>;
  /** The schema object holding the failed keyword (Ajv's `verbose` option). */
  parentSchema?: unknown;
}

const CONTEXT_LABELS: Record<string, string> = {
  body: 'body field',
  querystring: 'query parameter',
  params: 'path parameter',
  headers: 'header',
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function branchesOf(issue: ValidationIssue): Record<string, unknown>[] {
  const anyOf = isRecord(issue.parentSchema) ? issue.parentSchema.anyOf : undefined;
  return Array.isArray(anyOf) ? anyOf.filter(isRecord) : [];
}

/**
 * What a value failing `anyOf` should have been. Ajv reports each branch's failure and then the
 * `anyOf` itself ("must be equal to constant" five times); a person wants "must be one of a, b"
 * for an enum and "must be integer or null" for a nullable field.
 */
function describeAlternatives(issue: ValidationIssue, branchIssues: ValidationIssue[]): string {
  const branches = branchesOf(issue);
  if (branches.length > 0 && branches.every((branch) => 'const' in branch)) {
    return `must be one of ${branches.map((branch) => String(branch.const)).join(', ')}`;
  }
  // Constants and null are named as values; the other branches say what they wanted.
  const named = branches.flatMap((branch, i) =>
    'const' in branch || branch.type === 'null' ? [i] : [],
  );
  const isNamed = (branch: ValidationIssue) =>
    named.some((i) => branch.schemaPath?.startsWith(`${issue.schemaPath}/${i}/`));
  const messages = branchIssues
    .filter((branch) => !isNamed(branch))
    .map((branch) => describeIssue(branch));
  const constants = branches.filter((branch) => 'const' in branch).map((b) => String(b.const));
  if (constants.length > 0) messages.push(`one of ${constants.join(', ')}`);
  if (branches.some((branch) => branch.type === 'null')) messages.push('null');
  return messages.length > 0 ? messages.join(' or ') : (issue.message ?? 'is invalid');
}

function describeIssue(issue: ValidationIssue): string {
  if (issue.keyword === 'required') return 'is required';
  if (issue.keyword === 'additionalProperties') return 'is not allowed';
  if (issue.keyword === 'enum' && Array.isArray(issue.params.allowedValues)) {
    return `must be one of ${issue.params.allowedValues.join(', ')}`;
  }
  // A pattern means little to a reader; the schema's description says what is expected.
  const description = isRecord(issue.parentSchema) ? issue.parentSchema.description : undefined;
  if (issue.keyword === 'pattern' && typeof description === 'string') {
    return `must be ${description}`;
  }
  return issue.message ?? 'is invalid';
}

/** Turns Ajv's `body/name must be string` into `body field name: must be string`. */
export function describeValidation(context: string | undefined, issues: ValidationIssue[]): string {
  const label = CONTEXT_LABELS[context ?? ''] ?? 'request';
  const anyOfPaths = issues
    .filter((issue) => issue.keyword === 'anyOf' && issue.schemaPath)
    .map((issue) => `${issue.schemaPath}/`);
  const isBranchIssue = (issue: ValidationIssue) =>
    anyOfPaths.some((path) => issue.schemaPath?.startsWith(path));
  return issues
    .filter((issue) => !isBranchIssue(issue))
    .map((issue) => {
      const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
      const child = issue.params.missingProperty ?? issue.params.additionalProperty;
      const field = [path, typeof child === 'string' ? child : ''].filter(Boolean).join('.');
      const where = field ? `${label} ${field}` : (context ?? 'request');
      if (issue.keyword !== 'anyOf') return `${where}: ${describeIssue(issue)}`;
      const prefix = `${issue.schemaPath}/`;
      const branchIssues = issues.filter((other) => other.schemaPath?.startsWith(prefix));
      return `${where}: ${describeAlternatives(issue, branchIssues)}`;
    })
    .join('; ');
}

function routePath(request: FastifyRequest): string {
  // Never echo the query string: it may carry the API key.
  return request.url.split('?')[0] ?? request.url;
}

function messageFor(error: FastifyError, request: FastifyRequest): string {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return `Request body is larger than the limit of ${request.routeOptions.bodyLimit} bytes`;
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return `Unsupported Content-Type "${request.headers['content-type'] ?? ''}" for ${request.method} ${routePath(request)}`;
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'Malformed JSON body: the body is empty';
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return 'Malformed JSON body: not valid JSON';
    default:
      return error.message;
  }
}

/**
 * One error shape for the whole API: `{message}` naming what was wrong. Validation failures are
 * 400; HttpError and Fastify's 4xx errors keep their status and message; anything else is a bug:
 * logged with the request id, answered 500 with that id and never a stack.
 */
export function registerErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error.validation) {
      const message = describeValidation(error.validationContext, error.validation);
      return reply.code(400).send({ message });
    }
    const status = error.statusCode ?? 500;
    // Routes throw HttpError on purpose (any status); Fastify's own client errors are 4xx.
    if (error instanceof HttpError || (status >= 400 && status < 500)) {
      return reply.code(status).send({ message: messageFor(error, request) });
    }
    request.log.error({ err: error, reqId: request.id }, 'unhandled error');
    return reply.code(500).send({
      message: `Internal error (request id ${request.id})`,
      requestId: request.id,
    });
  });

  app.setNotFoundHandler((request, reply) =>
    reply.code(404).send({ message: `Route ${request.method} ${routePath(request)} not found` }),
  );
}
