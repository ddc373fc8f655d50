/**
 * The service provider's public facts for one workspace, all derived from PUBLIC_URL and the workspace id
 * (the tenant comes from the route, never from a claim). The entity id is the metadata URL, as is usual.
 */
export interface SpUrls {
  entityId: string;
  acsUrl: string;
  metadataUrl: string;
  loginUrl: string;
  continueUrl: string;
  confirmUrl: string;
}

export function spUrls(publicUrl: string, workspaceId: string): SpUrls {
  const at = (p: string) => new URL(`/saml/${workspaceId}/${p}`, publicUrl).href;
  return {
    entityId: at('metadata'),
    acsUrl: at('acs'),
    metadataUrl: at('metadata'),
    loginUrl: at('login'),
    continueUrl: at('continue'),
    confirmUrl: at('confirm'),
  };
}
