import { MAX_LIMIT, DEFAULT_LIMIT } from './metrics-query.ts';
import { openApiSchemas } from './openapi-schemas.ts';

// The sandbox's OpenAPI 3.1 description, served at GET /api/openapi.json without auth.
// Every object schema is closed (additionalProperties: false) so tests notice any drift
// between what the server sends and what it documents.

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: object) => ({ 'application/json': { schema } });
const response = (name: string) => ({ $ref: `#/components/responses/${name}` });

const commonErrors = {
  '401': response('Unauthorized'),
  '429': response('RateLimited'),
  '503': response('Unavailable'),
  default: response('OtherError'),
};

const listParam = (name: string, description: string) => ({
  name,
  in: 'query',
  required: false,
  description,
  style: 'form',
  explode: true,
  schema: { type: 'array', items: { type: 'string' } },
});

const dateParam = (name: string, description: string) => ({
  name,
  in: 'query',
  required: false,
  description,
  schema: { type: 'string', format: 'date' },
});

const plainGet = (summary: string, schema: string) => ({
  get: {
    summary,
    operationId: `get${schema}`,
    responses: { '200': { description: summary, content: json(ref(schema)) }, ...commonErrors },
  },
});

export function openApiDocument(serverUrl: string): object {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Personal Health Data Read API (healthdata sandbox)',
      version: '1.0.0',
      description:
        "Read-only access to one user's normalized health metrics. Served by the healthdata sandbox with made-up, deterministic data.",
    },
    servers: [{ url: serverUrl }],
    security: [{ bearerAuth: [] }],
    paths: {
      '/api/v1/metrics': {
        get: {
          summary: 'Metric rows, newest first, within the plan window',
          operationId: 'getMetrics',
          parameters: ['metric', 'provider', 'from', 'to', 'cursor', 'limit'].map((p) => ({
            $ref: `#/components/parameters/${p}`,
          })),
          responses: {
            '200': { description: 'One page of rows', content: json(ref('MetricsPage')) },
            '400': response('BadRequest'),
            ...commonErrors,
          },
        },
      },
      '/api/v1/catalog': plainGet(
        'Distinct metrics and providers within the plan window',
        'Catalog',
      ),
      '/api/v1/sources': plainGet('Connected sources and their status under the plan', 'Sources'),
      '/api/v1/profile': plainGet('The user and the plan window', 'Profile'),
      '/api/openapi.json': {
        get: {
          summary: 'This document (no authentication)',
          operationId: 'getOpenApi',
          security: [],
          responses: {
            '200': { description: 'OpenAPI 3.1 document', content: json({ type: 'object' }) },
            '429': response('RateLimited'),
            '503': response('Unavailable'),
            default: response('OtherError'),
          },
        },
      },
    },
    components: {
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          description: 'Personal API key: prefix phd_ followed by the live marker live_.',
        },
      },
      parameters: {
        metric: listParam('metric', 'Metric names, exact match; repeat or comma-separate.'),
        provider: listParam('provider', 'Providers, case-insensitive; repeat or comma-separate.'),
        from: dateParam('from', 'First date; earlier than the window floor starts at the floor.'),
        to: dateParam('to', 'Last date, inclusive.'),
        cursor: {
          name: 'cursor',
          in: 'query',
          required: false,
          description:
            'Opaque next_cursor of the previous page; only valid with the same filters and dates.',
          schema: { type: 'string' },
        },
        limit: {
          name: 'limit',
          in: 'query',
          required: false,
          description: `Page size; default ${DEFAULT_LIMIT}; above ${MAX_LIMIT} is a 400 invalid_limit.`,
          schema: { type: 'integer', minimum: 1, maximum: MAX_LIMIT, default: DEFAULT_LIMIT },
        },
      },
      responses: {
        BadRequest: errorResponse(
          'Invalid parameter: invalid_date, invalid_range, invalid_limit, invalid_cursor or invalid_parameter',
        ),
        Unauthorized: errorResponse(
          'API key missing (missing_api_key) or invalid (invalid_api_key)',
        ),
        RateLimited: {
          description: 'Too many requests (rate_limited); retry after Retry-After seconds',
          headers: {
            'Retry-After': { required: true, schema: { type: 'integer', minimum: 1 } },
          },
          content: json(ref('Error')),
        },
        Unavailable: errorResponse('Temporarily unavailable (unavailable)'),
        OtherError: errorResponse(
          '404 not_found for unknown paths, 405 method_not_allowed (with Allow: GET) for methods other than GET, 500 internal_error',
        ),
      },
      schemas: openApiSchemas,
    },
  };
}

function errorResponse(description: string): object {
  return { description, content: json(ref('Error')) };
}
