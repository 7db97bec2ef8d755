<#-- "Try another way": the person's sign-in methods as the portal's list of cards, each a
     real submit button (keycloak.v2: a div with role="button" that only a click presses,
     its name an h2 inside the button). The form posts keycloak.v2's field
     (authenticationExecution) as before. -->
<#import "template.ftl" as layout>
<@layout.registrationLayout displayInfo=false; section>
<#if section = "header">
    ${msg("loginChooseAuthenticator")}
<#elseif section = "form">
    <ul class="select-auth" role="list">
        <#list auth.authenticationSelections as authenticationSelection>
            <li class="select-auth__item">
                <form action="${url.loginAction}" method="post">
                    <input type="hidden" name="authenticationExecution" value="${authenticationSelection.authExecId}">
                    <button type="submit" class="select-auth__choice" data-qa="kc-way" aria-describedby="kc-way-help-${authenticationSelection?index}">
                        <span class="select-auth__title">${msg('${authenticationSelection.displayName}')}</span>
                    </button>
                    <p class="select-auth__description text-muted" id="kc-way-help-${authenticationSelection?index}">${msg('${authenticationSelection.helpText}')}</p>
                </form>
            </li>
        </#list>
    </ul>
</#if>
</@layout.registrationLayout>
