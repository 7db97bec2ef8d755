<#-- keycloak.v2's field macros (same names and parameters, so its page templates keep calling
     them) in the portal's markup: `.field`, `label.field__label`, a real `input.input`,
     `.field__error` under the control and named by its aria-describedby, the password with
     the portal's show/hide toggle (`.password__row`, `.password__toggle`). -->
<#macro group name label error="" required=false>
<div class="field">
  <label for="${name}" class="field__label">${label}</label>
  <#nested>
  <#if error?has_content>
    <p class="field__error kc-feedback-text" id="input-error-${name}" aria-live="polite">${kcSanitize(error)?no_esc}</p>
  </#if>
</div>
</#macro>

<#-- keycloak.v2 draws an icon beside an invalid control; the portal marks the control itself. -->
<#macro errorIcon error=""></#macro>

<#macro describedBy name error hint=""><#if error?has_content> aria-invalid="true"</#if><#if error?has_content || hint?has_content> aria-describedby="<#if hint?has_content>${name}-hint</#if><#if error?has_content && hint?has_content> </#if><#if error?has_content>input-error-${name}</#if>"</#if></#macro>

<#macro input name label value="" required=false autocomplete="off" fieldName=name error=messagesPerField.get(fieldName) autofocus=false hint="">
  <@group name=name label=label error=error required=required>
    <#if hint?has_content><p class="field__hint" id="${name}-hint">${hint}</p></#if>
    <input class="input<#if autocomplete == "one-time-code"> input--code</#if>" id="${name}" name="${name}" value="${value}" type="text" autocomplete="${autocomplete}"<#if autofocus> autofocus</#if><#if required> required</#if>
      <#if autocomplete == "one-time-code"> inputmode="numeric" spellcheck="false"</#if><@describedBy name error hint/>>
  </@group>
</#macro>

<#macro password name label value="" required=false forgotPassword=false fieldName=name error=messagesPerField.get(fieldName) autocomplete="off" autofocus=false>
  <@group name=name label=label error=error required=required>
    <div class="password__row">
      <input class="input" id="${name}" name="${name}" value="${value}" type="password" autocomplete="${autocomplete}"<#if autofocus> autofocus</#if><#if required> required</#if><@describedBy name error/>>
      <button class="password__toggle" type="button" aria-label="${msg('showPassword')}" title="${msg('showPassword')}"
              aria-controls="${name}" data-password-toggle
              data-icon-show="password__eye" data-icon-hide="password__eye password__eye--hide"
              data-label-show="${msg('showPassword')}" data-label-hide="${msg('hidePassword')}" id="${name}-show-password">
        <i class="password__eye" aria-hidden="true"></i>
      </button>
    </div>
    <#nested>
  </@group>
  <#if forgotPassword>
    <p><a href="${url.loginResetCredentialsUrl}">${msg("doForgotPassword")}</a></p>
  </#if>
</#macro>

<#-- A code to copy (keycloak.v2: the device-flow code page): shown whole, selectable. -->
<#macro clipboard name label ariaLabel=label value="" readonly=true>
  <@group name=name label=label>
    <input class="input code" id="${name}" name="${name}" value="${value}" type="text"<#if readonly> readonly</#if> aria-label="${ariaLabel}">
  </@group>
</#macro>

<#macro checkbox name label value=false required=false>
  <div class="checkbox">
    <input type="checkbox" id="${name}" name="${name}"<#if value> checked</#if><#if required> required</#if>>
    <label for="${name}">${label}</label>
  </div>
</#macro>
