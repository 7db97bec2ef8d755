// Hands the identity provider's answer (in the URL) back to keycloak-js in the parent window.
parent.postMessage(location.href, location.origin);
