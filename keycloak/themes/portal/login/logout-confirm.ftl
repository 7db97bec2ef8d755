<#-- base's sign-out question in the portal's markup (base's button carried tabindex="4",
     which took it out of the page's reading order). -->
<#import "template.ftl" as layout>
<@layout.registrationLayout; section>
    <#if section = "header">
        ${msg("logoutConfirmTitle")}
    <#elseif section = "form">
        <p>${msg("logoutConfirmHeader")}</p>
        <form id="kc-logout-confirm" action="${url.logoutConfirmAction}" onsubmit="confirmLogout.disabled = true; return true;" method="POST">
            <input type="hidden" name="session_code" value="${logoutConfirm.code}">
            <button class="btn btn--primary btn--block" name="confirmLogout" id="kc-logout" type="submit">${msg("doLogout")}</button>
        </form>
        <#if !logoutConfirm.skipLink && (client.baseUrl)?has_content>
            <p><a href="${client.baseUrl}">${msg("backToApplication")}</a></p>
        </#if>
    </#if>
</@layout.registrationLayout>
