<#-- The sign-in page as the portal's own (server/src/provider/pages/login-pages.ts): an
     intro, the address and the password, one button, then the portal's "forgot your password"
     and registration pages (the realm leaves both to the portal: resetPasswordAllowed and
     registrationAllowed are off). Keycloak's form names (#kc-form-login, username, password,
     #kc-login) and its passkey offer (passkeys.ftl) are kept. -->
<#import "template.ftl" as layout>
<#import "field.ftl" as field>
<#import "passkeys.ftl" as passkeys>
<@layout.registrationLayout displayMessage=!messagesPerField.existsError('username','password'); section>
    <#if section = "header">
        ${msg("loginAccountTitle")}
    <#elseif section = "form">
        <#assign portalUrl = (client.baseUrl)!properties.portalUrl>
        <p>${msg("portal.loginIntro")}</p>
        <#if realm.password>
            <#assign refused = messagesPerField.getFirstError('username','password')>
            <form id="kc-form-login" class="stack" onsubmit="login.disabled = true; return true;" action="${url.loginAction}" method="post" novalidate="novalidate">
                <#if !usernameHidden??>
                    <@field.input name="username" label=msg("email") error=refused autofocus=true
                        autocomplete="${(enableWebAuthnConditionalUI?has_content)?then('username webauthn', 'username')}" value=login.username!'' />
                    <@field.password name="password" label=msg("password") error="" autocomplete="current-password" />
                <#else>
                    <@field.password name="password" label=msg("password") autofocus=true autocomplete="current-password" />
                </#if>
                <input type="hidden" id="id-hidden-input" name="credentialId" <#if auth.selectedCredential?has_content>value="${auth.selectedCredential}"</#if>/>
                <button class="btn btn--primary btn--block" name="login" id="kc-login" type="submit">${msg("doLogIn")}</button>
            </form>
        </#if>
        <@passkeys.conditionalUIData />
        <p><a href="${portalUrl}passwort-vergessen" id="kc-forgot-password">${msg("doForgotPassword")}</a></p>
        <p><a href="${portalUrl}registrieren" id="kc-register">${msg("portal.register")}</a></p>
    </#if>
</@layout.registrationLayout>
