import type { components, paths } from '../../bff/openapi/schema';

/**
 * The wire types of the three public operations the MCP server calls, taken from the client types the
 * OpenAPI document generates (type imports only: mcp/ runs against any deployment and never loads the
 * service's code).
 */
/** A path of the public API, as the document writes it (`/api/v1/guides/{guideId}`). */
export type ApiPath = keyof paths;

type Json<T> = T extends { content: { 'application/json': infer B } } ? B : never;

type QueryOp = paths['/api/v1/retrieval/query']['post'];
type GuideOp = paths['/api/v1/guides/{guideId}']['get'];
type ArticleOp = paths['/api/v1/articles/{articleId}']['get'];

/** POST /api/v1/retrieval/query (queryRetrieval): the body. */
export type RetrievalQuery = Json<QueryOp['requestBody']>;
/** queryRetrieval's 200 answer: `{ data: [chunk], meta: { audiences } }`. */
export type RetrievalAnswer = Json<QueryOp['responses'][200]>;
export type RetrievalChunk = components['schemas']['RetrievalChunk'];
export type Audience = RetrievalChunk['audience'];
/** GET /api/v1/guides/{guideId} (getGuide): the guide with its steps. */
export type Guide = Json<GuideOp['responses'][200]>['data'];
/** GET /api/v1/articles/{articleId} (getArticle): the article, body in Markdown. */
export type Article = Json<ArticleOp['responses'][200]>['data'];
/** The house error envelope `{ error: { code, message, details } }`. */
export type ErrorEnvelope = components['schemas']['Error'];
export type ErrorCode = ErrorEnvelope['error']['code'];
