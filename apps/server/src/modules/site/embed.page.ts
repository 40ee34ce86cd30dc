import type { EmbedKind, Theme } from '@zema/contracts';
import { escapeHtml, serializeForScript } from '#src/lib/html';
import { themeCss } from './spa.service';

/** One playable row of an embed. */
export type EmbedItem = {
  id: number;
  name: string;
  artists: string;
  duration_ms: number;
  image: string | null;
  /** Null when this visitor may not play it (no audio file): listed, skipped by the player. */
  stream_url: string | null;
  /** The track's page on the site. */
  url: string;
};

export type EmbedView = {
  kind: EmbedKind;
  title: string;
  /** Artist names (a track, an album) or the owner (a playlist). */
  subtitle: string;
  /** The thing's page on the site (opened in a new tab). */
  url: string;
  image: string | null;
  items: EmbedItem[];
  site: { name: string; url: string };
  lang: string;
  /** Words in the page's language. */
  words: { play: string; pause: string; seek: string; openOn: string; tracks: string; unavailable: string };
};

const duration = (ms: number) => {
  const s = Math.max(0, Math.floor(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

const PLAY_ICON =
  '<svg viewBox="0 0 24 24" aria-hidden="true" width="22" height="22"><path fill="currentColor" d="M8 5v14l11-7z"/></svg>';
const PAUSE_ICON =
  '<svg viewBox="0 0 24 24" aria-hidden="true" width="22" height="22"><path fill="currentColor" d="M6 5h4v14H6zm8 0h4v14h-4z"/></svg>';

const CSS = `
*{box-sizing:border-box}
html,body{margin:0;height:100%}
body{font-family:var(--be-font-family,system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans Ethiopic",sans-serif);
background:var(--be-paper,#fff);color:var(--be-foreground,#16181d);overflow:hidden}
a{color:inherit}
:focus-visible{outline:2px solid var(--be-focus,#1a73e8);outline-offset:2px}
.card{display:flex;flex-direction:column;height:100%;padding:12px;gap:10px;border-radius:12px;
background:linear-gradient(135deg,color-mix(in srgb,var(--be-primary,#0b7a5b) 18%,var(--be-paper,#fff)),var(--be-paper,#fff) 70%)}
.top{display:flex;gap:12px;align-items:center;min-width:0}
.art{width:96px;height:96px;border-radius:8px;object-fit:cover;flex-shrink:0;background:var(--be-background-alt,#f4f5f7)}
.meta{display:flex;flex-direction:column;gap:2px;min-width:0;flex:1}
.title{font-weight:700;font-size:16px;text-decoration:none;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.title:hover,.sub:hover{text-decoration:underline}
.sub{font-size:13px;color:var(--be-muted,#5b6270);text-decoration:none;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.brand{font-size:12px;font-weight:600;color:var(--be-muted,#5b6270);text-decoration:none;align-self:flex-start}
.controls{display:flex;align-items:center;gap:10px;margin-top:4px}
.play{width:44px;height:44px;border-radius:50%;border:0;display:inline-flex;align-items:center;justify-content:center;
background:var(--be-primary,#0b7a5b);color:var(--be-on-primary,#fff);cursor:pointer;flex-shrink:0}
.play:hover{background:var(--be-primary-hover,#096a4f)}
.play:disabled{opacity:.5;cursor:not-allowed}
.seek{flex:1;min-width:0;accent-color:var(--be-primary,#0b7a5b)}
.time{font-size:12px;color:var(--be-muted,#5b6270);font-variant-numeric:tabular-nums;white-space:nowrap}
.list{list-style:none;margin:0;padding:0;overflow-y:auto;flex:1;min-height:0;border-top:1px solid var(--be-divider,#dfe2e7)}
.row{display:flex;width:100%;gap:10px;align-items:center;padding:6px 4px;border:0;background:none;color:inherit;font:inherit;
text-align:left;cursor:pointer;border-radius:6px}
.row:hover{background:var(--be-hover,#eef0f3)}
.row[aria-current="true"] .name{color:var(--be-primary,#0b7a5b);font-weight:700}
.row:disabled{opacity:.5;cursor:not-allowed}
.n{width:1.5em;text-align:right;font-size:12px;color:var(--be-muted,#5b6270);font-variant-numeric:tabular-nums}
.rowtext{display:flex;flex-direction:column;min-width:0;flex:1}
.name{font-size:14px;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.by{font-size:12px;color:var(--be-muted,#5b6270);white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.d{font-size:12px;color:var(--be-muted,#5b6270);font-variant-numeric:tabular-nums}
.missing{display:flex;align-items:center;justify-content:center;height:100%;padding:16px;text-align:center}
@media (max-width:360px){.art{width:64px;height:64px}}
`;

/**
 * The player's behaviour: play/pause, a seek bar with the time, the track list (a row plays its
 * track), the next playable track at the end, and the Media Session. Plain DOM: the page is
 * framed on other sites and should cost them nothing but the audio.
 */
const SCRIPT = `(()=>{const d=JSON.parse(document.getElementById("zema-embed").textContent);
const a=document.querySelector("audio"),b=document.getElementById("play"),s=document.getElementById("seek"),
t=document.getElementById("time"),rows=[...document.querySelectorAll(".row")];
const P=${serializeForScript(PLAY_ICON)},Q=${serializeForScript(PAUSE_ICON)};
let i=d.items.findIndex(x=>x.stream_url);
const f=m=>{m=Math.max(0,Math.floor(m));return Math.floor(m/60)+":"+String(m%60).padStart(2,"0")};
const len=()=>isFinite(a.duration)&&a.duration>0?a.duration:(d.items[i]?.duration_ms||0)/1000;
const show=()=>{const n=len();s.max=String(n||0);s.value=String(a.currentTime||0);
t.textContent=f(a.currentTime||0)+" / "+f(n);s.setAttribute("aria-valuetext",t.textContent)};
const state=()=>{const p=!a.paused;b.innerHTML=p?Q:P;b.setAttribute("aria-label",p?d.words.pause:d.words.play);
rows.forEach((r,k)=>r.setAttribute("aria-current",String(k===i)))};
const load=k=>{i=k;const x=d.items[k];a.src=x.stream_url;
if("mediaSession" in navigator&&window.MediaMetadata)navigator.mediaSession.metadata=new MediaMetadata({title:x.name,artist:x.artists,album:d.kind==="album"?d.title:"",artwork:x.image?[{src:x.image}]:[]});
show()};
const play=k=>{if(k!==i||!a.src)load(k);a.play().catch(e=>console.warn("playback failed",e))};
b.addEventListener("click",()=>{if(i<0)return;a.paused?play(i):a.pause()});
s.addEventListener("input",()=>{if(!a.src&&i>=0)load(i);a.currentTime=Number(s.value)});
rows.forEach((r,k)=>r.addEventListener("click",()=>{if(k===i&&!a.paused)a.pause();else play(k)}));
a.addEventListener("timeupdate",show);a.addEventListener("loadedmetadata",show);
a.addEventListener("play",state);a.addEventListener("pause",state);
a.addEventListener("ended",()=>{const n=d.items.findIndex((x,k)=>k>i&&x.stream_url);if(n>=0)play(n);else{a.currentTime=0;state()}});
if(i<0)b.disabled=true;show();state()})()`;

/** The embed page: artwork, title, play, progress, the tracks, a link back. */
export function renderEmbedPage(
  view: EmbedView,
  theme: Theme | null,
  nonce: { script: string; style: string },
): string {
  const list = view.kind !== 'track';
  const first = view.items.find((x) => x.stream_url) ?? view.items[0];
  const rows = list
    ? `<ol class="list" aria-label="${escapeHtml(view.words.tracks)}">${view.items
        .map(
          (x, k) =>
            `<li><button type="button" class="row" aria-current="false"${x.stream_url ? '' : ' disabled'}>` +
            `<span class="n">${k + 1}</span><span class="rowtext"><span class="name">${escapeHtml(x.name)}</span>` +
            `<span class="by">${escapeHtml(x.artists)}</span></span><span class="d">${duration(x.duration_ms)}</span></button></li>`,
        )
        .join('')}</ol>`
    : '';
  const art = view.image
    ? `<img class="art" src="${escapeHtml(view.image)}" alt="">`
    : '<span class="art" aria-hidden="true"></span>';
  const blank = `<a class="title" href="${escapeHtml(view.url)}" target="_blank" rel="noopener">`;
  return `<!doctype html>
<html lang="${escapeHtml(view.lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(`${view.title} - ${view.site.name}`)}</title><meta name="robots" content="noindex">
<link rel="canonical" href="${escapeHtml(view.url)}">
<style nonce="${nonce.style}">${themeCss(theme)}${CSS}</style></head>
<body><main class="card">
<div class="top">${art}<div class="meta">${blank}${escapeHtml(view.title)}</a>
<span class="sub">${escapeHtml(view.subtitle)}</span>
<a class="brand" href="${escapeHtml(view.site.url)}" target="_blank" rel="noopener">${escapeHtml(view.words.openOn)}</a>
<div class="controls"><button type="button" class="play" id="play" aria-label="${escapeHtml(view.words.play)}">${PLAY_ICON}</button>
<input class="seek" id="seek" type="range" min="0" max="${first ? Math.round(first.duration_ms / 1000) : 0}" step="1" value="0" aria-label="${escapeHtml(view.words.seek)}">
<span class="time" id="time">0:00 / ${duration(first?.duration_ms ?? 0)}</span></div></div></div>
${rows}
</main><audio preload="none"></audio>
<script type="application/json" id="zema-embed">${serializeForScript({ kind: view.kind, title: view.title, items: view.items, words: view.words })}</script>
<script nonce="${nonce.script}">${SCRIPT}</script>
</body></html>`;
}

/** What an embed of something this visitor may not see shows (answered with 404). */
export function renderEmbedMissing(
  words: { unavailable: string },
  site: { name: string; url: string },
  theme: Theme | null,
  nonce: { style: string },
  lang: string,
): string {
  return `<!doctype html>
<html lang="${escapeHtml(lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(site.name)}</title><meta name="robots" content="noindex">
<style nonce="${nonce.style}">${themeCss(theme)}${CSS}</style></head>
<body><main class="card missing"><p>${escapeHtml(words.unavailable)} <a href="${escapeHtml(site.url)}" target="_blank" rel="noopener">${escapeHtml(site.name)}</a></p></main></body></html>`;
}
