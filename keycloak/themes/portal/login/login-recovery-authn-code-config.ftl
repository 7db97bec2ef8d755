<#-- keycloak.v2's recovery-code set-up in the portal's markup: the warning as a notice
     (keycloak.v2 had an h4 after the h1 and an English "Warning alert" label), the codes,
     print, download and copy as secondary buttons, the confirmation as the portal's
     checkbox. The buttons' ids, the form and keycloak.v2's script below are unchanged. -->
<#import "template.ftl" as layout>
<#import "password-commons.ftl" as passwordCommons>
<@layout.registrationLayout; section>
<#if section = "header">
    ${msg("recovery-code-config-header")}
<#elseif section = "form">
    <div class="notice notice--warning">
        <p class="notice__title">${msg("recovery-code-config-warning-title")}</p>
        <p>${msg("recovery-code-config-warning-message")}</p>
    </div>

    <ol id="kc-recovery-codes-list" class="recovery-codes" aria-label="${msg("recovery-codes-download-file-header")}">
        <#list recoveryAuthnCodesConfigBean.generatedRecoveryAuthnCodesList as code>
            <li><span class="code">${code[0..3]}-${code[4..7]}-${code[8..]}</span></li>
        </#list>
    </ol>

    <div class="actions">
        <button id="printRecoveryCodes" class="btn btn--secondary" type="button" onclick="printRecoveryCodes()">${msg("recovery-codes-print")}</button>
        <button id="downloadRecoveryCodes" class="btn btn--secondary" type="button" onclick="downloadRecoveryCodes()">${msg("recovery-codes-download")}</button>
        <button id="copyRecoveryCodes" class="btn btn--secondary" type="button" onclick="copyRecoveryCodes()">${msg("recovery-codes-copy")}</button>
    </div>

    <form action="${url.loginAction}" class="stack" id="kc-recovery-codes-settings-form" method="post">
        <div class="checkbox">
            <input type="checkbox" id="kcRecoveryCodesConfirmationCheck" name="kcRecoveryCodesConfirmationCheck"
                onchange="document.getElementById('saveRecoveryAuthnCodesBtn').disabled = !this.checked;">
            <label for="kcRecoveryCodesConfirmationCheck">${msg("recovery-codes-confirmation-message")}</label>
        </div>
        <input type="hidden" name="generatedRecoveryAuthnCodes" value="${recoveryAuthnCodesConfigBean.generatedRecoveryAuthnCodesAsString}" />
        <input type="hidden" name="generatedAt" value="${recoveryAuthnCodesConfigBean.generatedAt?c}" />
        <input type="hidden" id="userLabel" name="userLabel" value="${msg("recovery-codes-label-default")}" />
        <@passwordCommons.logoutOtherSessions/>
        <div class="actions">
            <button type="submit" class="btn btn--primary" id="saveRecoveryAuthnCodesBtn" disabled>${msg("recovery-codes-action-complete")}</button>
            <#if isAppInitiatedAction??>
                <button type="submit" class="btn btn--secondary" id="cancelRecoveryAuthnCodesBtn" name="cancel-aia" value="true">${msg("recovery-codes-action-cancel")}</button>
            </#if>
        </div>
    </form>

    <script>
        <#outputformat "JavaScript">
        /* copy recovery codes  */
        function copyRecoveryCodes() {
            const tmpTextarea = document.createElement("textarea");
            tmpTextarea.innerHTML = parseRecoveryCodeList();
            document.body.appendChild(tmpTextarea);
            tmpTextarea.select();
            document.execCommand("copy");
            document.body.removeChild(tmpTextarea);
        }

        /* download recovery codes  */
        function formatCurrentDateTime() {
            const dt = new Date();
            const options = {
                month: 'long',
                day: 'numeric',
                year: 'numeric',
                hour: 'numeric',
                minute: 'numeric',
                timeZoneName: 'short'
            };

            return dt.toLocaleString('en-US', options);
        }

        function parseRecoveryCodeList() {
            const recoveryCodes = document.getElementById("kc-recovery-codes-list").getElementsByTagName("li");
            let recoveryCodeList = "";

            for (let i = 0; i < recoveryCodes.length; i++) {
                const recoveryCodeLiElement = recoveryCodes[i].innerText;
                <#noparse>
                recoveryCodeList += `${i+1}: ${recoveryCodeLiElement}\r\n`;
                </#noparse>
            }

            return recoveryCodeList;
        }

        function buildDownloadContent() {
            const recoveryCodeList = parseRecoveryCodeList();
            const dt = new Date();
            const options = {
                month: 'long',
                day: 'numeric',
                year: 'numeric',
                hour: 'numeric',
                minute: 'numeric',
                timeZoneName: 'short'
            };

            return fileBodyContent =
                ${msg("recovery-codes-download-file-header")?c} + "\n\n" +
                recoveryCodeList + "\n" +
                ${msg("recovery-codes-download-file-description")?c} + "\n\n" +
                ${msg("recovery-codes-download-file-date")?c} + " " + formatCurrentDateTime();
        }

        function setUpDownloadLinkAndDownload(filename, text) {
            const el = document.createElement('a');
            el.setAttribute('href', 'data:text/plain;charset=utf-8,' + encodeURIComponent(text));
            el.setAttribute('download', filename);
            el.style.display = 'none';
            document.body.appendChild(el);
            el.click();
            document.body.removeChild(el);
        }

        function downloadRecoveryCodes() {
            setUpDownloadLinkAndDownload('kc-download-recovery-codes.txt', buildDownloadContent());
        }

        /* print recovery codes */
        function buildPrintContent() {
            const recoveryCodeListHTML = document.getElementById('kc-recovery-codes-list').parentNode.innerHTML;
            const styles =
                `@page { size: auto;  margin-top: 0; }
                body { width: 480px; }
                div { font-family: monospace }
                p:first-of-type { margin-top: 48px }`;

            return printFileContent =
                "<html><style>" + styles + "</style><body>" +
                "<title>kc-download-recovery-codes</title>" +
                "<p>" + ${msg("recovery-codes-download-file-header")?c} + "</p>" +
                "<div>" + recoveryCodeListHTML + "</div>" +
                "<p>" + ${msg("recovery-codes-download-file-description")?c} + "</p>" +
                "<p>" + ${msg("recovery-codes-download-file-date")?c} + " " + formatCurrentDateTime() + "</p>" +
                "</body></html>";
        }

        function printRecoveryCodes() {
            const w = window.open();
            w.document.write(buildPrintContent());
            w.print();
            w.close();
        }
        </#outputformat>
    </script>
</#if>
</@layout.registrationLayout>
