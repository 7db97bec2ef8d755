<#-- The code step as the portal's second-factor page: its title, the app-code field with its
     hint, "Confirm". Keycloak's names (#kc-otp-login-form, otp, #kc-login) are kept; with
     several apps the person picks one by radio button (keycloak.v2 used clickable tiles). -->
<#import "template.ftl" as layout>
<#import "field.ftl" as field>
<@layout.registrationLayout displayMessage=!messagesPerField.existsError('totp'); section>
    <#if section="header">
        ${msg("portal.secondFactorTitle")}
    <#elseif section="form">
        <form id="kc-otp-login-form" class="stack" onsubmit="login.disabled = true; return true;" action="${url.loginAction}" method="post">
            <#if otpLogin.userOtpCredentials?size gt 1>
                <fieldset class="field field--radio">
                    <legend>${msg("portal.chooseApp")}</legend>
                    <#list otpLogin.userOtpCredentials as otpCredential>
                        <div class="radio">
                            <input type="radio" id="kc-otp-credential-${otpCredential?index}" name="selectedCredentialId" value="${otpCredential.id}"<#if otpCredential.id == otpLogin.selectedCredentialId!''> checked</#if>>
                            <label for="kc-otp-credential-${otpCredential?index}">${otpCredential.userLabel}</label>
                        </div>
                    </#list>
                </fieldset>
            <#else>
                <input id="selectedCredentialId" type="hidden" name="selectedCredentialId" value="${otpLogin.selectedCredentialId!''}">
            </#if>
            <@field.input name="otp" label=msg("loginOtpOneTime") hint=msg("portal.appCodeHint") autocomplete="one-time-code" fieldName="totp" autofocus=true />
            <button class="btn btn--primary btn--block" name="login" id="kc-login" type="submit">${msg("portal.confirm")}</button>
        </form>
    </#if>
</@layout.registrationLayout>
