<#-- The authenticator app's set-up as the portal's own (numbered steps, the QR code with its
     alternative text, the key as text on request, the code and a name), with Keycloak's
     names (#kc-totp-settings-form, totp, userLabel, #saveTOTPBtn, #mode-manual,
     #kc-totp-secret-key) kept. keycloak.v2's labels named an element that does not exist
     (for="form-vertical-name") and its image's alternative text was English in every language. -->
<#import "template.ftl" as layout>
<#import "field.ftl" as field>
<#import "password-commons.ftl" as passwordCommons>
<@layout.registrationLayout displayRequiredFields=false displayMessage=!messagesPerField.existsError('totp','userLabel'); section>
    <#if section = "header">
        ${msg("loginTotpTitle")}
    <#elseif section = "form">
        <ol id="kc-totp-settings" class="steps">
            <li>
                <p>${msg("loginTotpStep1")}</p>
                <ul id="kc-totp-supported-apps">
                    <#list totp.supportedApplications as app>
                        <li>${msg(app)}</li>
                    </#list>
                </ul>
            </li>
            <#if mode?? && mode = "manual">
                <li>
                    <p>${msg("loginTotpManualStep2")}</p>
                    <p><span id="kc-totp-secret-key" class="code">${totp.totpSecretEncoded}</span></p>
                    <p><a href="${totp.qrUrl}" id="mode-barcode">${msg("loginTotpScanBarcode")}</a></p>
                </li>
                <li>
                    <p>${msg("loginTotpManualStep3")}</p>
                    <dl class="totp-settings">
                        <dt>${msg("loginTotpType")}</dt><dd id="kc-totp-type">${msg("loginTotp." + totp.policy.type)}</dd>
                        <dt>${msg("loginTotpAlgorithm")}</dt><dd id="kc-totp-algorithm">${totp.policy.getAlgorithmKey()}</dd>
                        <dt>${msg("loginTotpDigits")}</dt><dd id="kc-totp-digits">${totp.policy.digits}</dd>
                        <#if totp.policy.type = "totp">
                            <dt>${msg("loginTotpInterval")}</dt><dd id="kc-totp-period">${totp.policy.period}</dd>
                        <#elseif totp.policy.type = "hotp">
                            <dt>${msg("loginTotpCounter")}</dt><dd id="kc-totp-counter">${totp.policy.initialCounter}</dd>
                        </#if>
                    </dl>
                </li>
            <#else>
                <li>
                    <p>${msg("loginTotpStep2")}</p>
                    <img id="kc-totp-secret-qr-code" class="qr" src="data:image/png;base64, ${totp.totpSecretQrCode}" alt="${msg("portal.totpQrAlt")}" width="200" height="200">
                    <p><a href="${totp.manualUrl}" id="mode-manual">${msg("loginTotpUnableToScan")}</a></p>
                </li>
            </#if>
            <li>
                <p>${msg("loginTotpStep3")}</p>
            </li>
        </ol>

        <form action="${url.loginAction}" class="stack" id="kc-totp-settings-form" method="post" novalidate="novalidate">
            <@field.input name="totp" label=msg("authenticatorCode") autocomplete="one-time-code" required=true />
            <@field.input name="userLabel" label=msg("loginTotpDeviceName") hint=msg("loginTotpStep3DeviceName") required=(totp.otpCredentials?size gte 1) />
            <input type="hidden" id="totpSecret" name="totpSecret" value="${totp.totpSecret}" />
            <#if mode??><input type="hidden" id="mode" name="mode" value="${mode}"/></#if>
            <@passwordCommons.logoutOtherSessions/>
            <div class="actions">
                <button type="submit" class="btn btn--primary" id="saveTOTPBtn">${msg("doSubmit")}</button>
                <#if isAppInitiatedAction??>
                    <button type="submit" class="btn btn--secondary" id="cancelTOTPBtn" name="cancel-aia" value="true" formnovalidate>${msg("doCancel")}</button>
                </#if>
            </div>
        </form>
    </#if>
</@layout.registrationLayout>
