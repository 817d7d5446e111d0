// Joining a room without any relay (docs/rooms.md, "Without internet"): the
// host's page shows an invite (a link and its QR code) for one guest; the
// guest's page opens it and shows a reply (a code and its QR code); the host
// scans the reply with the camera (where the browser has BarcodeDetector) or
// pastes it.  Then that guest is in the room over manual.js's data channel,
// exactly as over the relays.

import { t } from "../../lib/words/i18n.js";
import { $ } from "../../lib/shell/dom.js";
import { ManualHost, ManualGuest } from "./manual.js";
import { drawQR } from "./qr.js";
/** @import {Referee} from "./referee.js" */

const INVITE_RE = /^1\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{22})\.(o[A-Za-z0-9_-]+)$/;

/** The code inside what was pasted or scanned: a reply link (#reply=...) or the bare code. @param {string} text */
function codeOf(text) {
  const s = text.trim();
  const m = /#reply=(a[A-Za-z0-9_-]+)$/.exec(s);
  return m ? m[1] : s;
}

/** Scan a QR code with the camera into the reply box, where the browser can. @param {(text: string) => void} done */
async function scanInto(done) {
  const Detector = /** @type {any} */ (globalThis).BarcodeDetector;
  const video = /** @type {HTMLVideoElement} */ ($("scan-video"));
  const stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" } });
  video.srcObject = stream;
  video.hidden = false;
  await video.play();
  const detector = new Detector({ formats: ["qr_code"] });
  const stop = () => { stream.getTracks().forEach((tr) => tr.stop()); video.hidden = true; };
  for (let tries = 0; tries < 600; tries++) {
    const found = await detector.detect(video).catch(() => []);
    if (found.length) { stop(); done(found[0].rawValue); return; }
    await new Promise((r) => setTimeout(r, 200));
  }
  stop();
}

/** The "Scan" button, where the browser has a camera and a QR reader. @param {(text: string) => void} onText */
function wireScan(onText) {
  const can = "BarcodeDetector" in globalThis && !!navigator.mediaDevices?.getUserMedia;
  $("btn-scan").hidden = !can;
  $("btn-scan").onclick = () => scanInto(onText).catch(() => { $("scan-video").hidden = true; });
}

/** The host's invites, one guest at a time. */
export class ManualInvites {
  /** @param {Referee} referee @param {{secret: string, host: string}} link @param {(e: unknown) => void} fail */
  constructor(referee, link, fail) {
    this.link = link;
    this.fail = fail;
    this.transport = new ManualHost([]);
    referee.attach(this.transport, "m");
    this.peer = null;
    $("btn-manual-use").onclick = () => this.use(/** @type {HTMLTextAreaElement} */ ($("manual-in")).value);
    wireScan((text) => this.use(text));
  }

  /** A new invite on the screen, for the next guest. */
  async next() {
    const { peer, code } = await this.transport.invite();
    this.peer = peer;
    const url = new URL(`room.html${location.search}#invite=1.${this.link.secret}.${this.link.host}.${code}`, location.href).href;
    $("manual-panel").hidden = false;
    $("manual-in-box").hidden = false;
    $("manual-help").textContent = t("room.manual_host_help");
    /** @type {HTMLInputElement} */ ($("manual-out")).value = url;
    /** @type {HTMLTextAreaElement} */ ($("manual-in")).value = "";
    drawQR($("manual-qr"), url, t("room.qr_invite"));
    $("manual-panel").scrollIntoView?.({ block: "nearest" });
  }

  /** A guest's reply, pasted or scanned: its connection to the host made. @param {string} text */
  async use(text) {
    if (!this.peer) return;
    try {
      await this.transport.accept(this.peer, codeOf(text));
      $("manual-help").textContent = t("room.manual_connected");
      $("manual-in-box").hidden = true;
      this.peer = null;
    } catch {
      $("manual-help").textContent = t("room.bad_reply");
    }
  }
}

/**
 * A guest opening an invite: the reply on the screen; the transport reaches the host once the host takes it.
 * @param {string} payload  the fragment after "invite="
 * @returns {Promise<{transport: ManualGuest, link: {secret: string, host: string}} | null>}
 */
export async function answerInvite(payload) {
  const m = INVITE_RE.exec(payload);
  if (!m) return null;
  const transport = new ManualGuest([]);
  let reply;
  try { reply = await transport.answer(m[3]); } catch { return null; }
  const url = new URL(`room.html${location.search}#reply=${reply}`, location.href).href;
  $("manual-panel").hidden = false;
  $("manual-in-box").hidden = true;
  $("manual-help").textContent = t("room.manual_guest_help");
  /** @type {HTMLInputElement} */ ($("manual-out")).value = url;
  drawQR($("manual-qr"), url, t("room.qr_reply"));
  return { transport, link: { secret: m[1], host: m[2] } };
}
