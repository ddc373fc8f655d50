import { escapeXml } from './escape-xml';
import type { SpUrls } from './sp-urls';

/**
 * The SP metadata document: public facts only (spec service-api.md 4.5): the entity id, the assertion
 * consumer URL with the HTTP-POST binding, the e-mail NameID format, and that assertions must be signed.
 * No key: this service signs nothing and receives no encrypted assertion.
 */
export function spMetadataXml(sp: SpUrls): string {
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" entityID="${escapeXml(sp.entityId)}">` +
    '<md:SPSSODescriptor AuthnRequestsSigned="false" WantAssertionsSigned="true" ' +
    'protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">' +
    '<md:NameIDFormat>urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress</md:NameIDFormat>' +
    '<md:AssertionConsumerService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST" ' +
    `Location="${escapeXml(sp.acsUrl)}" index="0" isDefault="true"/>` +
    '</md:SPSSODescriptor></md:EntityDescriptor>\n'
  );
}
