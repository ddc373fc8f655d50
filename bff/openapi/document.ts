import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../env';

export const OPENAPI_PATH = '/api/v1/openapi.json';

const config = {
  openapi: '3.1.0',
  info: {
    title: 'Support platform API',
    version: '1',
    description:
      'The public REST API (API key), the portal operations (session cookie and CSRF header) and the endpoints ' +
      'the embedded widget calls (website id, then visitor token). Errors use the envelope ' +
      '`{ "error": { "code", "message", "details" } }`. Every operation declares an example request and answer; ' +
      'the reference at `/docs` shows them as curl commands.',
  },
  servers: [{ url: '/', description: 'This service' }],
  tags: [
    { name: 'System', description: 'Health and discovery.' },
    { name: 'Portal: auth', description: 'Signing in to the portal.' },
    { name: 'Portal: API keys', description: 'Workspace API keys (permission api_keys.manage).' },
    { name: 'Contacts', description: 'People your workspace knows, keyed by email.' },
    { name: 'Contact events', description: 'What contacts did, recorded from your backend.' },
    { name: 'Conversations', description: 'Support conversations and tickets (read only in v1).' },
    {
      name: 'Experiences',
      description: 'In-app tours, programs, launchers, banners, announcements, surveys.',
    },
    {
      name: 'Portal: widget',
      description: 'Widget install info and identity secret (permission settings.manage).',
    },
    {
      name: 'Widget',
      description:
        'Endpoints the embedded widget calls from customer pages: CORS-open, no cookies; the website id or the ' +
        'visitor token (Authorization: Bearer wvt_…) names the workspace.',
    },
  ],
};

export function registerSecuritySchemes(app: OpenAPIHono<AppEnv>): void {
  app.openAPIRegistry.registerComponent('securitySchemes', 'apiKey', {
    type: 'http',
    scheme: 'bearer',
    description: 'A workspace API key (or an OAuth access token) as `Authorization: Bearer <key>`.',
  });
  app.openAPIRegistry.registerComponent('securitySchemes', 'visitorToken', {
    type: 'http',
    scheme: 'bearer',
    description:
      'The widget visitor token from GET /widget/boot (`wvt_…`), as `Authorization: Bearer <token>`.',
  });
  app.openAPIRegistry.registerComponent('securitySchemes', 'oauthClient', {
    type: 'http',
    scheme: 'basic',
    description:
      "An OAuth app's client_id and client_secret as HTTP Basic (client_secret_basic), or as the form fields " +
      '`client_id` and `client_secret` (client_secret_post). Never an API key.',
  });
  app.openAPIRegistry.registerComponent('securitySchemes', 'scimToken', {
    type: 'http',
    scheme: 'bearer',
    description:
      "A SCIM token of the path's workspace (`sst_…`, from createScimToken) as `Authorization: Bearer <token>`.",
  });
  app.openAPIRegistry.registerComponent('securitySchemes', 'inboundMailSecret', {
    type: 'http',
    scheme: 'bearer',
    description:
      "The inbound-mail provider's shared secret (INBOUND_MAIL_SECRET) as `Authorization: Bearer <secret>`.",
  });
  app.openAPIRegistry.registerComponent('securitySchemes', 'portalSession', {
    type: 'apiKey',
    in: 'cookie',
    name: 'session',
    description:
      'The portal session cookie set by login (named `__Host-session` outside loopback). Writes also need the ' +
      '`X-CSRF-Token` header with the csrf_token that login returned.',
  });
}

export function openApiDocument(app: OpenAPIHono<AppEnv>) {
  return app.getOpenAPI31Document(config);
}

export function serveOpenApi(app: OpenAPIHono<AppEnv>): void {
  app.get(OPENAPI_PATH, (c) => c.json(openApiDocument(app)));
}
