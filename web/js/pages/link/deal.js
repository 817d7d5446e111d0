// A link game's deal, which nobody can stack (docs/linkplay.md): the host's
// engine commits to a secret (link_new), the link goes round for each other
// person's random share (link_share), and comes back to the host's device,
// which reveals the secret and deals (link_reveal).  The engine does every
// step and checks them all when a link is opened; this module says to each
// player what to do at each step, and why.


import { notice, reason, setPhase } from "../../lib/shell/page.js";
import { t } from "../../lib/words/i18n.js";
import { $ } from "../../lib/shell/dom.js";
import { keepSecret, secretOf, forgetSecret } from "./secret.js";
/** @import {Engine} from "../../lib/engine/client.js" */
/** @import {LinkOpened} from "../../lib/types.js" */

export class Deal {
  /**
   * @param {object} deps
   * @param {Engine} deps.engine
   * @param {{opened: LinkOpened | null, here: "mover" | number | null, busy: boolean, token: number}} deps.game
   *   the page's game (main.js)
   * @param {() => string[]} deps.names  the players' names
   * @param {(seat: number) => boolean} deps.canAct  whether the person at this device may act for a seat
   * @param {(opened: LinkOpened) => void} deps.adopt  keep the engine's latest reading of the game
   * @param {() => Promise<void>} deps.showGame  draw the game and go on from where it stands
   * @param {(title: string, text: string, here: string | null) => void} deps.sendPanel  the send panel's words
   * @param {() => Promise<void>} deps.showLink  show the link to send
   * @param {(token: number) => boolean} deps.current  whether the page still shows the game of that token
   */
  constructor({ engine, game, names, canAct, adopt, showGame, sendPanel, showLink, current }) {
    this.engine = engine;
    this.game = game;
    this.names = names;
    this.canAct = canAct;
    this.adopt = adopt;
    this.showGame = showGame;
    this.sendPanel = sendPanel;
    this.showLink = showLink;
    this.current = current;
  }

  /**
   * A new game, before its deal: this device's engine draws the host's secret and
   * commits to it; the secret stays here (secret.js) until the host deals.
   * @param {string} id  the game's name
   * @param {{seats: string[], players: {name: string}[], rules: any, hidden: boolean, host: number}} form
   */
  async start(id, form) {
    const made = await this.engine.ask("link_new", { game: id, ...form });
    if (!keepSecret(id, made.secret)) notice(t("link.no_storage"));
    return made;
  }

  /** The setup's next step on this device: add a share, deal (the host's device), or send the link on. */
  async step() {
    const { opened } = this.game;
    const m = opened.message;
    const host = this.names()[m.host];
    if (opened.waiting === "secret") {
      const secret = secretOf(m.game);
      if (secret) { await this.reveal(secret); return; }
      $("turn-banner").textContent = t("link.wait_deal", { host });
      this.sendPanel(t("link.send_back_title", { host }), t("link.send_back_text", { host }), null);
      await this.showLink();
      return;
    }
    const name = this.names()[opened.sharer];
    if (this.canAct(opened.sharer)) {
      $("turn-banner").textContent = t("link.share_banner", { name });
      $("share-title").textContent = t("link.share_title", { name });
      $("share-text").textContent = t("link.share_text", { name, host });
      $("btn-share").textContent = t("link.share_button", { name });
      $("btn-share").disabled = false;
      $("share-panel").hidden = false;
      setPhase("share");
      return;
    }
    $("turn-banner").textContent = t("link.wait_share", { name });
    this.sendPanel(t("link.send_title", { name }), t("link.send_share_text", { name, host }),
      t("link.share_here", { name }));
    await this.showLink();
  }

  /** "Add my share": this device's engine adds a random share; the link goes on. */
  async share() {
    const { game } = this;
    if (game.busy || !game.opened || game.opened.waiting !== "share") return;
    const token = game.token;
    const sharer = game.opened.sharer;
    game.busy = true;
    $("btn-share").disabled = true;
    try {
      const r = await this.engine.ask("link_share", { message: game.opened.message });
      if (!this.current(token)) return;
      game.here = sharer;
      this.adopt(r);
      await this.showGame();
    } finally {
      game.busy = false;
      $("btn-share").disabled = false;   // a refused share can be tried again
    }
  }

  /** Every share is in and this device holds the host's secret: deal, and forget the secret. */
  async reveal(secret) {
    const { game } = this;
    const token = game.token;
    const m = game.opened.message;
    $("turn-banner").textContent = t("link.dealing");
    setPhase("loading");
    let r;
    try {
      r = await this.engine.ask("link_reveal", { message: m, secret });
    } catch (e) {
      if (!this.current(token)) return;
      notice(t("link.deal_failed", { reason: reason(e) }));
      const host = this.names()[m.host];
      this.sendPanel(t("link.send_back_title", { host }), t("link.send_back_text", { host }), null);
      await this.showLink();
      return;
    }
    if (!this.current(token)) return;
    game.here = m.host;
    this.adopt(r);
    forgetSecret(m.game);
    await this.showGame();
  }
}
