// The early event contract of a server-rendered page: what a person does before the app's code has
// taken over the markup is kept and done again once it has (docs/decisions/server-rendering.md,
// "No lost action"). Angular's event replay and React 19's replay of events during hydration work
// the same way: a tiny listener in the page's head from the first byte, the real handlers later.

/** The event `hydrate.tsx` sends on `document` once the app has committed its hydration. */
export const APP_HYDRATED_EVENT = 'app:hydrated';

/**
 * The controls whose click is kept: buttons and the widgets built from them. Native disclosures
 * (`<summary>`), links (a tab that is a link too), GET forms with an action and the controls inside
 * them (search, filters) are left to the browser, which opens, follows and sends them before and
 * without the app; a GET form marked `data-replay` (a visitor's heart, whose form only leads to
 * sign-in) is kept for the app instead.
 */
const CONTROLS = 'button,[role=button],[role=tab],[role=checkbox],[role=switch],[role=menuitem],[role=combobox],input[type=checkbox],input[type=radio]';

/**
 * The contract itself, inlined in the head of every server-rendered page (render-app.ts) and allowed
 * by its hash in the Content-Security-Policy. Plain ES2017, no imports: it runs before any module.
 *
 * - A click on a control React does not own yet (it marks each node it hydrates with
 *   `__reactProps$…`), and a submit of a form it does not own, is stopped before anything else sees
 *   it (capturing on window) and queued, unless the browser can do it without the app (above).
 * - Once the app has hydrated, each queued action is done again on its element as soon as React
 *   owns it (a lazy part of the page hydrates when its code arrives), in the order it happened: a
 *   click as the pointer events a mouse sends, so widgets that open on pointerdown open too; a
 *   submit with `requestSubmit`, with the same submitter. An element the app replaced is dropped.
 * - The same click repeated while waiting (a person trying again because nothing happened) is
 *   done once.
 */
export const EARLY_EVENTS_SCRIPT = `(function(){
var q=[],hydrated=false,timer=0,C=${JSON.stringify(CONTROLS)};
function owned(el){var k=Object.keys(el);for(var i=0;i<k.length;i++)if(k[i].indexOf('__reactProps$')===0)return true;return false}
function inRoot(el){var r=document.getElementById('root');return !!r&&r!==el&&r.contains(el)}
function keep(e,entry){e.preventDefault();e.stopImmediatePropagation();var last=q[q.length-1];if(!last||last.el!==entry.el||last.type!==entry.type)q.push(entry);if(hydrated)schedule()}
function plain(f){return !!f&&f.getAttribute('action')!==null&&f.method==='get'&&!f.hasAttribute('data-replay')}
addEventListener('click',function(e){var t=e.target;if(!(t instanceof Element))return;var el=t.closest(C);if(!el||el.closest('a[href]')||plain(el.form||el.closest('form'))||!inRoot(el)||owned(el))return;keep(e,{type:'click',el:el})},true);
addEventListener('submit',function(e){var f=e.target;if(!(f instanceof HTMLFormElement)||plain(f)||!inRoot(f)||owned(f))return;keep(e,{type:'submit',el:f,by:e.submitter})},true);
function mouse(el,type,Ctor,down){var o={bubbles:true,cancelable:true,composed:true,view:window,button:0,buttons:down?1:0,pointerId:1,pointerType:'mouse',isPrimary:true};el.dispatchEvent(new Ctor(type,o))}
function click(el){var P=window.PointerEvent||MouseEvent;mouse(el,'pointerdown',P,true);mouse(el,'mousedown',MouseEvent,true);if(el.focus)el.focus();mouse(el,'pointerup',P,false);mouse(el,'mouseup',MouseEvent,false);el.click()}
function flush(){timer=0;while(q.length){var a=q[0];if(!a.el.isConnected){q.shift();continue}if(!owned(a.el))return schedule();q.shift();if(a.type==='click')click(a.el);else a.el.requestSubmit(a.by&&a.by.form===a.el?a.by:undefined)}}
function schedule(){if(!timer)timer=setTimeout(flush,30)}
document.addEventListener(${JSON.stringify(APP_HYDRATED_EVENT)},function(){hydrated=true;schedule()});
})();`;
