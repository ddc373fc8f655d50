/** The parts of an OpenAPI 3.1 document the /docs renderer and the examples read. */
export interface OpenApiDoc {
  info: { title: string; version: string; description?: string };
  tags?: { name: string; description?: string }[];
  paths: Record<string, Record<string, Operation>>;
  components?: {
    schemas?: Record<string, Schema>;
    securitySchemes?: Record<string, SecurityScheme>;
  };
}

export interface SecurityScheme {
  type?: string;
  scheme?: string;
  in?: string;
  name?: string;
  description?: string;
}

export interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  example?: unknown;
  schema?: Schema;
}

export interface MediaType {
  schema?: Schema;
  example?: unknown;
  encoding?: Record<string, { contentType?: string }>;
}

export interface Response {
  description?: string;
  headers?: Record<string, { description?: string; schema?: Schema }>;
  content?: Record<string, MediaType>;
}

export interface Operation {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  deprecated?: boolean;
  servers?: { url: string; description?: string }[];
  security?: Record<string, string[]>[];
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content?: Record<string, MediaType> };
  responses?: Record<string, Response>;
}

export interface Schema {
  $ref?: string;
  type?: string | string[];
  format?: string;
  description?: string;
  example?: unknown;
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  additionalProperties?: Schema | boolean;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  default?: unknown;
  nullable?: boolean;
}

export const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** Every operation of the document in document order, with its method and path. */
export function documentOperations(doc: OpenApiDoc): { method: string; path: string; op: Operation }[] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    HTTP_METHODS.filter((m) => item[m]).map((method) => ({ method, path, op: item[method]! })),
  );
}
