/**
 * The provider pages' only stylesheet and script, served from the realm's `resources`
 * path so pages need no inline style or script (CSP: 'self').
 */
export const LOGIN_CSS = `
:root{--brand:#00457c;--brand-dark:#002f55;--accent:#0a7d3b;--danger:#b00020;--text:#1d1d1f;--muted:#4a4a4f;--bg:#f2f4f7;--line:#8a8f98}
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;color:var(--text);background:var(--bg);line-height:1.5}
.skip-link{position:absolute;left:-9999px;top:0;background:#fff;color:var(--brand);padding:.5rem 1rem}
.skip-link:focus{left:1rem;z-index:10}
.header{background:var(--brand);padding:1rem 1.5rem}
.header__brand{color:#fff;font-weight:700;font-size:1.25rem;text-decoration:none}
.header__brand:focus-visible{outline:3px solid #fff;outline-offset:3px}
.card{max-width:30rem;margin:2rem auto;background:#fff;padding:2rem;border-radius:6px;box-shadow:0 1px 4px rgba(0,0,0,.15)}
.card:focus{outline:none}
h1{font-size:1.5rem;margin:0 0 1rem;color:var(--brand-dark)}
.field{margin:0 0 1rem}
label{display:block;font-weight:600;margin-bottom:.25rem}
input[type=email],input[type=password],input[type=text]{width:100%;padding:.625rem .75rem;font-size:1rem;border:1px solid var(--line);border-radius:4px;background:#fff;color:var(--text)}
input[readonly]{background:#eceef1}
input:focus-visible,button:focus-visible,a:focus-visible{outline:3px solid var(--brand);outline-offset:2px}
input[aria-invalid=true]{border-color:var(--danger)}
.hint{color:var(--muted);font-size:.9rem;margin:.25rem 0}
.button{display:inline-block;padding:.625rem 1.25rem;font-size:1rem;font-weight:600;border:2px solid var(--brand);border-radius:4px;background:var(--brand);color:#fff;cursor:pointer;text-decoration:none}
.button:hover{background:var(--brand-dark)}
.button--secondary{background:#fff;color:var(--brand)}
.button--secondary:hover{background:#e8eef5}
.button--danger{background:var(--danger);border-color:var(--danger)}
.buttons{display:flex;flex-wrap:wrap;gap:.75rem;margin-top:1rem}
.link-button{background:none;border:none;padding:0;color:var(--brand);text-decoration:underline;font:inherit;cursor:pointer}
.inline-form{margin:0 0 1rem}
.links{display:flex;flex-direction:column;gap:.5rem;margin-top:1.5rem}
a{color:var(--brand)}
.message{padding:.75rem 1rem;border-radius:4px;margin:0 0 1rem;border-left:4px solid}
.message--error{background:#fdecee;border-color:var(--danger);color:#7a0016}
.message--info{background:#e8f1fa;border-color:var(--brand);color:var(--brand-dark)}
.message--success{background:#e7f5ec;border-color:var(--accent);color:#05491f}
.steps{padding-left:1.25rem}
.steps li{margin-bottom:.75rem}
.qr{display:block;margin:.75rem 0;border:1px solid var(--line)}
code,.user-code{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:1.05rem;letter-spacing:.05em;word-break:break-all}
.footer{text-align:center;color:var(--muted);font-size:.875rem;padding:1rem}
`;

// Presses the button named by data-auto-submit (RP-initiated logout with id_token_hint) and
// moves focus to the first invalid field or the main content on load.
export const LOGIN_JS = `
document.addEventListener("DOMContentLoaded", function () {
  var auto = document.querySelector("[data-auto-submit]");
  if (auto) {
    var button = document.getElementById(auto.getAttribute("data-auto-submit"));
    if (button) { button.click(); return; }
  }
  var invalid = document.querySelector("input[aria-invalid=true]");
  if (invalid) { invalid.focus(); }
});
`;
