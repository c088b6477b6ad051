import { THEME_COOKIE, THEME_STORAGE_KEY } from "~/domain/theme";

// Before first paint, so a stored theme never flashes the other one (docs/decisions/0006-theme.md, 0017-content-security-policy.md).
const source = `(function(){try{var k=${JSON.stringify(THEME_STORAGE_KEY)},c=${JSON.stringify(THEME_COOKIE)};
var t=localStorage.getItem(k);if(!t){var m=document.cookie.match(new RegExp('(?:^|; )'+c+'=([^;]*)'));t=m&&m[1];}
if(t!=='light'&&t!=='dark'&&t!=='system')t='dark';
var d=t==='dark'||(t==='system'&&matchMedia('(prefers-color-scheme: dark)').matches);
var e=document.documentElement;e.classList.toggle('dark',d);e.dataset.theme=t;}catch(_){}})();`;

export function ThemeScript({ nonce }: { nonce?: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: a fixed script built from constants
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: source }} />;
}
