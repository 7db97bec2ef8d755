<#-- The portal's page frame around Keycloak's pages: the same skip link, blue header with the
     brand mark, the association's name and the language switch, centred card and footer as
     the portal's own pages (server/src/provider/pages/layout.ts; classes from the web app's
     stylesheet, web/src/styles/README.md). The scripts are keycloak.v2's, unchanged.
     Every word comes from messages_<lng>.properties, generated from the portal's catalogue. -->
<#import "field.ftl" as field>
<#macro username>
  <div class="signed-in-as" id="kc-username">
    <span class="text-muted">${msg("portal.signedInAs")}</span>
    <strong id="kc-attempted-username">${auth.attemptedUsername}</strong>
    <a id="reset-login" href="${url.loginRestartFlowUrl}">${msg("restartLoginTooltip")}</a>
  </div>
</#macro>

<#macro registrationLayout bodyClass="" displayInfo=false displayMessage=true displayRequiredFields=false>
<#assign portalUrl = (client.baseUrl)!properties.portalUrl>
<#assign pageTitle><#nested "header"></#assign>
<!DOCTYPE html>
<html lang="${lang}"<#if realm.internationalizationEnabled> dir="${(locale.rtl)?then('rtl','ltr')}"</#if>>
<head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="robots" content="noindex">
    <meta name="color-scheme" content="light">
    <title>${pageTitle?markup_string?trim} – ${realm.displayName!realm.name}</title>
    <link rel="icon" href="${url.resourcesPath}/img/favicon.svg" type="image/svg+xml">
    <#list properties.styles?split(' ') as style>
    <link href="${url.resourcesPath}/${style}" rel="stylesheet">
    </#list>
    <script type="importmap">
        { "imports": { "rfc4648": "${url.resourcesCommonPath}/vendor/rfc4648/rfc4648.js" } }
    </script>
    <#if scripts??>
        <#list scripts as script>
            <script src="${script}" type="text/javascript"></script>
        </#list>
    </#if>
    <script type="module" src="${url.resourcesPath}/js/passwordVisibility.js"></script>
    <script type="module" src="${url.resourcesPath}/js/portal.js"></script>
    <script type="module">
        <#outputformat "JavaScript">
        import { startSessionPolling } from ${(url.resourcesPath + "/js/authChecker.js")?c};
        startSessionPolling(${url.ssoLoginInOtherTabsUrl?c});
        </#outputformat>
    </script>
    <#if authenticationSession??>
        <script type="module">
            <#outputformat "JavaScript">
            import { checkAuthSession } from ${(url.resourcesPath + "/js/authChecker.js")?c};
            checkAuthSession(${authenticationSession.authSessionIdHash?c});
            </#outputformat>
        </script>
    </#if>
</head>
<body class="${bodyClass}" data-page-id="login-${pageId}">
<div class="shell">
<a class="skip-link" href="#kc-content">${msg("portal.skipToContent")}</a>
<header class="site-header">
  <div class="site-header__bar">
    <a class="site-header__brand" href="${portalUrl}"><span class="brand-mark" aria-hidden="true"></span><span class="site-header__name">${realm.displayName!realm.name}</span></a>
    <div class="site-header__actions">
    <#if realm.internationalizationEnabled && locale.supported?size gt 1>
      <div class="lang-switch">
        <label class="lang-switch__label" for="language-switcher">${msg("languages")}</label>
        <span class="lang-switch__short" data-current aria-hidden="true">${locale.currentLanguageTag?upper_case}</span>
        <select class="lang-switch__select" id="language-switcher" data-language-switch data-key-pause="${properties.languageKeyPauseMs}">
          <#list locale.supported as l>
            <option value="${l.url}" lang="${l.languageTag}"<#if l.languageTag == locale.currentLanguageTag> selected</#if>>${l.label}</option>
          </#list>
        </select>
      </div>
    </#if>
    </div>
  </div>
</header>
<div class="shell__body">
<main id="kc-content" class="page" tabindex="-1">
<div class="page-card page-card--wide">
  <h1 id="kc-page-title" class="page-card__title">${pageTitle}</h1>
  <div class="stack">
    <#if auth?has_content && auth.showUsername() && !auth.showResetCredentials()>
      <#nested "show-username">
      <@username />
    </#if>
    <#-- App-initiated actions do not show the warning that the action is needed. -->
    <#if displayMessage && message?has_content && (message.type != 'warning' || !isAppInitiatedAction??)>
      <div class="notice notice--${message.type}" role="<#if message.type = 'error'>alert<#else>status</#if>">
        <p class="kc-feedback-text">${kcSanitize(message.summary)?no_esc}</p>
      </div>
    </#if>
    <#nested "form">
    <#if auth?has_content && auth.showTryAnotherWayLink()>
      <form id="kc-select-try-another-way-form" action="${url.loginAction}" method="post" novalidate="novalidate">
        <input type="hidden" name="tryAnotherWay" value="on"/>
        <button id="try-another-way" type="submit" class="btn btn--secondary btn--block">${msg("doTryAnotherWay")}</button>
      </form>
    </#if>
    <#nested "socialProviders">
    <#if displayInfo>
      <div id="kc-info"><#nested "info"></div>
    </#if>
  </div>
</div>
</main>
</div>
<footer class="site-footer">
  <div class="site-footer__inner">
    <nav aria-label="${msg("portal.moreLinks")}">
      <ul class="site-footer__links">
        <li><a href="${properties.faqUrl}">${msg("portal.faq")}</a></li>
        <#if pageId == "login.ftl" || pageId == "login">
        <li><a href="${portalUrl}registrieren">${msg("portal.signUp")}</a></li>
        </#if>
        <li><a href="${properties.legalNoticeUrl}">${msg("portal.legalNotice")}</a></li>
      </ul>
    </nav>
    <#if properties.supportEmail?has_content>
    <p class="site-footer__copy support-contact" data-qa="kc-support-contact">${msg("portal.supportIntro")} <a href="mailto:${properties.supportEmail}">${properties.supportEmail}</a><#if properties.supportPhone?has_content> · <a href="tel:${properties.supportTel}">${properties.supportPhone}</a></#if><#if properties.supportUrl?has_content> · <a href="${properties.supportUrl}">${msg("portal.supportPage")}</a></#if></p>
    </#if>
    <p class="site-footer__copy">${msg("portal.copyright", .now?string("yyyy"), realm.displayName!realm.name)}</p>
  </div>
</footer>
</div>
</body>
</html>
</#macro>
