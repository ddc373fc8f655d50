import {
  type ApiKeyAuthenticator,
  createApiKeyAuthenticator,
} from '../server-core/apikeys/api-key-authenticator';
import type { DomainProofFetcher } from '../server-core/automation/domain-proof';
import { type ArticleHtmlRenderer, cachedArticleHtml } from '../server-core/content/article-html-cache';
import type { Db } from '../server-core/db/db';
import {
  createExperienceIndexCache,
  type ExperienceIndexCache,
} from '../server-core/experiences/decision/index-cache';
import type { FileStore } from '../server-core/files/file-store';
import { createFlagCache, type FlagCache } from '../server-core/flags/flag-cache';
import type { Clock } from '../server-core/lib/clock';
import { deriveKey } from '../server-core/lib/crypto';
import { createSecretBox, type SecretBox } from '../server-core/lib/secret-box';
import {
  type AccessTokenAuthenticator,
  createAccessTokenAuthenticator,
} from '../server-core/oauth/access-token-authenticator';
import { createRateLimiter, type RateLimiter } from '../server-core/ratelimit/rate-limiter';
import { createEmbedder } from '../server-core/retrieval/embedders/create-embedder';
import type { SearchDeps } from '../server-core/retrieval/search-chunks';
import type { Embedder } from '../server-core/retrieval/types';
import { type Config, embedderSettings } from './config';
import type { Logger } from './logger';

/** Everything a request handler may use. Built once at start (runtime/server.ts) or per test; no module singletons. */
export interface Services {
  db: Db;
  clock: Clock;
  config: Config;
  logger: Logger;
  box: SecretBox;
  keys: {
    /** Signs CSRF tokens (HMAC of the session token). */
    csrf: Buffer;
    /** Signs visitor tokens (server-core/widget/visitor-token.ts). */
    visitorToken: Buffer;
    /** Signs attachment download links (server-core/attachments/download-signature.ts). */
    attachmentDownload: Buffer;
    /** Signs data export download links (server-core/exports/export-link.ts). */
    dataExportDownload: Buffer;
    /** Signs mail links: one-click unsubscribe tokens and reply+ addresses (server-core/mail/). */
    mailLinks: Buffer;
    /** Signs experience preview links (server-core/experiences/preview/preview-token.ts). */
    experiencePreview: Buffer;
  };
  apiKeys: ApiKeyAuthenticator;
  accessTokens: AccessTokenAuthenticator;
  flags: FlagCache;
  rateLimiter: RateLimiter;
  /** Turns retrieval text into vectors (offline GloVe by default, EMBEDDINGS_URL otherwise). */
  embedder: Embedder;
  /** An article body (Markdown) as sanitised HTML, cached per process (article-html-cache.ts). */
  articleHtml: ArticleHtmlRenderer;
  /** Published experiences compiled per workspace for the decision; dropped on NOTIFY experiences_changed. */
  experienceIndex: ExperienceIndexCache;
  /**
   * Reads a domain's verification file through the webhook SSRF guard (verifyVerifiedDomain). The runtime
   * provides it (runtime/http/domain-proof-fetcher.ts): the BFF never opens outbound connections itself.
   */
  domainProof: DomainProofFetcher;
  /**
   * Where conversation attachments are stored. The runtime provides it (runtime/files/disk-file-store.ts:
   * DATA_DIR/files); null (tests, tools) means no store, and attachments are off like without CLAMD_URL.
   */
  files: FileStore | null;
  /** Stops timers; the database is closed by whoever opened it. */
  close(): void;
}

export function createServices(deps: {
  db: Db;
  clock: Clock;
  config: Config;
  logger: Logger;
  masterKey: Buffer;
  /** Defaults to the configured one (createEmbedder). */
  embedder?: Embedder;
  domainProof: DomainProofFetcher;
  /** Defaults to none: attachments off. */
  files?: FileStore | null;
}): Services {
  const rateLimiter = createRateLimiter({ db: deps.db, clock: deps.clock });
  return {
    db: deps.db,
    clock: deps.clock,
    config: deps.config,
    logger: deps.logger,
    box: createSecretBox(deps.masterKey),
    keys: {
      csrf: deriveKey(deps.masterKey, 'csrf'),
      visitorToken: deriveKey(deps.masterKey, 'visitor-token'),
      attachmentDownload: deriveKey(deps.masterKey, 'attachment-download'),
      dataExportDownload: deriveKey(deps.masterKey, 'data-export-download'),
      mailLinks: deriveKey(deps.masterKey, 'mail-links'),
      experiencePreview: deriveKey(deps.masterKey, 'experience-preview'),
    },
    apiKeys: createApiKeyAuthenticator({ db: deps.db, clock: deps.clock }),
    accessTokens: createAccessTokenAuthenticator({ db: deps.db, clock: deps.clock }),
    flags: createFlagCache({ db: deps.db, clock: deps.clock }),
    rateLimiter,
    embedder: deps.embedder ?? createEmbedder(embedderSettings(deps.config)),
    articleHtml: cachedArticleHtml(),
    experienceIndex: createExperienceIndexCache({ db: deps.db, clock: deps.clock }),
    domainProof: deps.domainProof,
    files: deps.files ?? null,
    close: () => rateLimiter.stop(),
  };
}

/** What a search needs from the services: the embedder and the vector paths the database offers. */
export function searchDeps(services: Services): SearchDeps {
  const { vector, cube, sketch } = services.db.capabilities;
  return { embedder: services.embedder, vector, cube, sketch };
}
