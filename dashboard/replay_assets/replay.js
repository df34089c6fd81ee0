// The replay in the browser: every step of one game arrives once (dashboard/replay_payload.py)
// and stepping happens here, with no server round trip. The step is kept in the address bar
// (replaceState) at once and reported to the server (setStateValue "step") when the user pauses,
// so the server's idea of the address stays the same as the browser's (a later rerun, e.g. a
// "View as" change, then keeps the step).

const CONTROLLERS = new WeakMap();
const REPORT_AFTER_MS = 350;

function el(tag, cls, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined) node.textContent = text;
  return node;
}

function fill(template, values) {
  return template.replace(/\{(\w+)\}/g, (m, k) => (k in values ? String(values[k]) : m));
}

// Changes `old`'s subtree into `fresh`'s, touching only what differs: a step changes a few
// numbers and pieces of a board, and leaving the rest of the DOM alone keeps the browser's
// style and layout work (the slow part of a step) small.
function patch(old, fresh) {
  const a = Array.from(old.childNodes);
  const b = Array.from(fresh.childNodes);
  if (a.length !== b.length) {
    old.replaceChildren(...b);
    return;
  }
  for (let i = 0; i < b.length; i++) {
    const x = a[i];
    const y = b[i];
    if (x.nodeType !== y.nodeType || x.nodeName !== y.nodeName) {
      old.replaceChild(y, x);
    } else if (x.nodeType === Node.TEXT_NODE) {
      if (x.nodeValue !== y.nodeValue) x.nodeValue = y.nodeValue;
    } else if (x.nodeType === Node.ELEMENT_NODE && !x.isEqualNode(y)) {
      for (const { name } of Array.from(x.attributes)) {
        if (!y.hasAttribute(name)) x.removeAttribute(name);
      }
      for (const { name, value } of Array.from(y.attributes)) {
        if (x.getAttribute(name) !== value) x.setAttribute(name, value);
      }
      patch(x, y);
    }
  }
}

class Replay {
  constructor(parent) {
    // Streamlit puts the component's <style> into `parent`: draw into a child of our own.
    this.root = el("div", "nv-root");
    parent.appendChild(this.root);
    this.key = null;
    this.step = 0;
    this.reported = null;
    this.timer = null;
    this.onKey = this.onKey.bind(this);
    this.onHistory = this.onHistory.bind(this);
    document.addEventListener("keydown", this.onKey);
    window.addEventListener("popstate", this.onHistory);
    window.novusReplay = this; // for tests and the benchmark: the displayed step
  }

  destroy() {
    document.removeEventListener("keydown", this.onKey);
    window.removeEventListener("popstate", this.onHistory);
    clearTimeout(this.timer);
    if (window.novusReplay === this) delete window.novusReplay;
  }

  // The step in the address. The server has checked it (clamped, a number) before the page
  // mounted this component; the data carries no step, so it stays the same message from one
  // rerun to the next and Streamlit neither sends nor parses it again.
  addressStep() {
    const given = Number(new URL(window.location.href).searchParams.get("step"));
    return Number.isFinite(given) ? given : 0;
  }

  onHistory() {
    // Back/Forward: follow the address.
    if (!this.data || !this.root.isConnected) return;
    const step = this.addressStep();
    if (step !== this.step) this.show(step, false);
    this.reported = this.step;
  }

  update(data, setStateValue) {
    this.setStateValue = setStateValue;
    if (data.key === this.key) return;
    const sameGame = this.data && this.data.game === data.game;
    this.data = data;
    this.key = data.key;
    this.build();
    this.show(sameGame ? this.step : this.addressStep(), false);
    if (!sameGame) this.reported = this.step;
  }

  // ---- building the page once per game --------------------------------------------------
  build() {
    const d = this.data;
    const t = d.text;
    this.root.replaceChildren();
    const wrap = el("div", "nv-replay");
    this.wrap = wrap;
    const bar = el("div", "nv-bar");
    const button = (label, name, go) => {
      const b = el("button", "nv-btn", label);
      b.type = "button";
      b.dataset.name = name;
      b.addEventListener("click", () => this.show(go(), true));
      bar.appendChild(b);
      return b;
    };
    button(t.first, "first", () => 0);
    button(t.prev, "prev", () => this.step - 1);
    button(t.next, "next", () => this.step + 1);
    button(t.last, "last", () => d.last);
    button(t.round_back, "round_back", () => this.roundJumps()[2]);
    button(t.next_round, "next_round", () => this.roundJumps()[1]);
    this.counter = el("span", "nv-counter");
    this.counter.setAttribute("aria-live", "polite");
    bar.appendChild(this.counter);
    wrap.appendChild(bar);

    this.slider = el("input", "nv-slider");
    this.slider.type = "range";
    this.slider.min = "0";
    this.slider.max = String(d.last);
    this.slider.setAttribute("aria-label", t.step_label);
    this.slider.addEventListener("input", () => this.show(Number(this.slider.value), true));
    wrap.appendChild(this.slider);
    wrap.appendChild(el("div", "nv-keys", t.keys));

    this.banner = el("div", "nv-banner");
    wrap.appendChild(this.banner);

    const main = el("div", "nv-main");
    const boardCol = el("div", "nv-board-col");
    this.board = el("div", "nv-board");
    this.parser = document.createElement("template");
    boardCol.appendChild(this.board);
    if (d.legend) {
      const legend = el("div", "nv-legend");
      legend.innerHTML = d.legend;
      boardCol.appendChild(legend);
    }
    const side = el("div", "nv-side");
    this.decision = el("div", "nv-decision");
    side.appendChild(this.decision);
    side.appendChild(el("h3", "nv-h", t.moves));
    this.moveList = el("div", "nv-moves");
    this.moveList.tabIndex = 0;
    this.moveItems = [];
    let round = null;
    let block = this.moveList;
    d.moves.forEach((m, i) => {
      if (m[0] !== round) {
        // each round in its own block: its sticky header leaves with its moves (headers
        // stacked on one another at the top of the list before)
        round = m[0];
        block = el("div", "nv-round-block");
        block.appendChild(el("div", "nv-round", fill(t.round_header, { round })));
        this.moveList.appendChild(block);
      }
      const item = el("button", "nv-move");
      item.type = "button";
      item.dataset.step = String(i + 1);
      item.appendChild(el("span", "nv-move-no", String(i + 1)));
      item.appendChild(el("span", "nv-move-text", m[2]));
      const mark = d.analysis ? d.analysis.marks[String(i + 1)] : undefined;
      if (mark) {
        item.classList.add("nv-turning-move");
        item.title = mark;
        item.appendChild(el("span", "nv-turning-badge", "?!"));
      }
      item.addEventListener("click", () => this.show(i + 1, true));
      block.appendChild(item);
      this.moveItems.push(item);
    });
    if (!d.moves.length) {
      // a game started and nothing recorded: an empty box said nothing
      this.moveList.appendChild(el("div", "nv-moves-empty", t.no_moves));
    }
    side.appendChild(this.moveList);
    side.appendChild(el("h3", "nv-h", t.scores));
    this.scoreTable = el("table", "nv-scores");
    const scroll = el("div", "nv-scroll");
    scroll.appendChild(this.scoreTable);
    side.appendChild(scroll);
    const under = el("div", "nv-under");
    // the wide chart (win chance) has an area of its own: right under the board at any width,
    // where the move list comes after it on a narrow screen (it sat below the whole side panel)
    const chance = el("div", "nv-chance");
    this.markers = [];
    for (const group of d.charts) {
      const box = el("section", group.wide ? "nv-chart-group nv-chart-wide" : "nv-chart-group");
      box.appendChild(el("h3", "nv-h", group.title));
      const grid = el("div", "nv-chart-grid");
      for (const svg of group.svgs) {
        const cell = el("div", "nv-chart");
        cell.innerHTML = svg;
        const root = cell.querySelector("svg");
        const marker = root && root.querySelector(".nv-marker");
        if (marker) {
          this.markers.push([marker, Number(root.dataset.x0), Number(root.dataset.dx)]);
        }
        grid.appendChild(cell);
      }
      box.appendChild(grid);
      if (group.legend.length) {
        const legend = el("div", "nv-chart-legend");
        for (const [label, colour] of group.legend) {
          const item = el("span", "nv-key");
          const swatch = el("span", "nv-swatch");
          swatch.style.background = colour;
          item.appendChild(swatch);
          item.appendChild(document.createTextNode(label));
          legend.appendChild(item);
        }
        box.appendChild(legend);
      }
      (group.wide ? chance : under).appendChild(box);
    }
    this.under = under;
    main.appendChild(boardCol);
    main.appendChild(chance);
    main.appendChild(side);
    main.appendChild(under);
    wrap.appendChild(main);
    this.root.appendChild(wrap);
    this.current = null;
  }

  // ---- stepping ---------------------------------------------------------------------------
  roundJumps() {
    // [round now, where the next round starts, where "round back" goes]; as replay.round_jumps
    const moves = this.data.moves;
    const last = moves.length;
    if (!last) return [this.data.start_round, 0, 0]; // as the board says (was always 1)
    const step = this.step;
    const roundAt = (p) => moves[Math.min(p, last - 1)][0];
    const starts = new Map();
    moves.forEach((m, i) => {
      if (!starts.has(m[0])) starts.set(m[0], i);
    });
    const now = roundAt(step);
    let next = last;
    let back = 0;
    let earlier = null;
    for (const [r, p] of starts) {
      if (r > now) next = Math.min(next, p);
      if (r < now) earlier = earlier === null ? p : Math.max(earlier, p);
    }
    const here = starts.has(now) ? starts.get(now) : 0;
    back = step > here ? here : earlier === null ? 0 : earlier;
    return [now, next, back];
  }

  onKey(event) {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    if (!this.root.isConnected) return;
    const target = event.composedPath()[0];
    if (target !== this.slider && target instanceof HTMLElement) {
      const tag = target.tagName;
      if (tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT" || target.isContentEditable) {
        return;
      }
    }
    let to;
    switch (event.key) {
      case "ArrowRight":
        to = this.step + 1;
        break;
      case "ArrowLeft":
        to = this.step - 1;
        break;
      case "Home":
        to = 0;
        break;
      case "End":
        to = this.data.last;
        break;
      case "n":
      case "N":
        to = this.roundJumps()[1];
        break;
      case "b":
      case "B":
        to = this.roundJumps()[2];
        break;
      default:
        return;
    }
    event.preventDefault();
    event.stopPropagation();
    this.show(to, true);
  }

  show(step, byUser) {
    const d = this.data;
    step = Math.max(0, Math.min(d.last, Math.trunc(Number(step)) || 0));
    this.step = step;
    const t = d.text;
    const pieces = d.pieces;
    this.parser.innerHTML = d.boards[step].map((i) => pieces[i]).join("");
    patch(this.board, this.parser.content);
    this.board.dataset.step = String(step);
    const round = this.roundJumps()[0];
    this.counter.textContent =
      fill(t.step_of, { step, last: d.last }) + " · " + fill(t.round, { round });
    this.slider.value = String(step);
    this.showDecision(step);
    this.showScores(step);
    this.showBanner(step);
    for (const [marker, x0, dx] of this.markers) {
      const x = (x0 + step * dx).toFixed(2);
      marker.setAttribute("x1", x);
      marker.setAttribute("x2", x);
    }
    this.highlight(step);
    this.wrap.dataset.step = String(step);
    const url = new URL(window.location.href);
    if (url.searchParams.get("step") !== String(step)) {
      url.searchParams.set("step", String(step));
      window.history.replaceState(window.history.state, "", url);
    }
    if (byUser) this.scheduleReport();
  }

  scheduleReport() {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      if (this.step === this.reported || !this.setStateValue) return;
      this.reported = this.step;
      this.setStateValue("step", { game: this.data.game, step: this.step });
    }, REPORT_AFTER_MS);
  }

  highlight(step) {
    if (this.current) this.current.classList.remove("nv-now");
    this.current = step > 0 ? this.moveItems[step - 1] : null;
    const list = this.moveList;
    if (!this.current) {
      list.scrollTop = 0;
      return;
    }
    this.current.classList.add("nv-now");
    // Keep the current move in view inside the list only (scrollIntoView would scroll the page).
    const item = this.current;
    const top = item.offsetTop; // the list is the items' offsetParent (position: relative)
    const bottom = top + item.offsetHeight;
    const margin = Math.min(48, list.clientHeight / 4);
    const head = item.parentElement.querySelector(".nv-round"); // sticks over the list's top
    const above = Math.max(margin, (head ? head.offsetHeight : 0) + 8);
    if (top - above < list.scrollTop) {
      list.scrollTop = Math.max(0, top - above);
    } else if (bottom + margin > list.scrollTop + list.clientHeight) {
      list.scrollTop = bottom + margin - list.clientHeight;
    }
  }

  showDecision(step) {
    const box = el("div");
    this.fillDecision(box, step);
    patch(this.decision, box);
  }

  fillDecision(box, step) {
    const d = this.data;
    const t = d.text;
    if (step >= d.last) return;
    const next = d.decisions[step];
    if (next === null) {
      box.appendChild(el("div", "nv-next", fill(t.chance, { text: d.moves[step][2] })));
      return;
    }
    const [seat, others] = next;
    const head = el("div", "nv-next");
    head.appendChild(el("b", "", fill(t.next_decision, { name: d.players[seat] })));
    if (others === null) {
      box.appendChild(head);
      const viewer = d.viewer === null ? "" : d.players[d.viewer];
      box.appendChild(el("div", "nv-note", fill(t.hidden, { viewer })));
      return;
    }
    head.appendChild(document.createTextNode(" " + t.chose + " "));
    head.appendChild(el("span", "nv-chosen", d.moves[step][2]));
    box.appendChild(head);
    const scored = d.analysis ? d.analysis.alternatives[String(step)] : undefined;
    if (scored) {
      box.appendChild(el("div", "nv-note", d.analysis.text.alternatives));
      const table = el("ul", "nv-also nv-scored");
      scored.forEach(([text, chance, chosen]) => {
        const item = el("li", chosen ? "nv-chosen-alt" : "");
        item.appendChild(el("span", "nv-alt-chance", Math.round(chance * 100) + "%"));
        item.appendChild(document.createTextNode(" " + text));
        table.appendChild(item);
      });
      box.appendChild(table);
      return;
    }
    if (!others.length) {
      box.appendChild(el("div", "nv-note", t.none_else));
      return;
    }
    const shown = 6;
    const list = el("ul", "nv-also");
    others.slice(0, shown).forEach((text) => list.appendChild(el("li", "", text)));
    box.appendChild(el("div", "nv-note", t.also + ":"));
    box.appendChild(list);
    if (others.length > shown) {
      const more = el("details", "nv-more");
      more.appendChild(el("summary", "", fill(t.more, { n: others.length - shown })));
      const rest = el("ul", "nv-also");
      others.slice(shown).forEach((text) => rest.appendChild(el("li", "", text)));
      more.appendChild(rest);
      box.appendChild(more);
    }
  }

  showScores(step) {
    const d = this.data;
    const t = d.text;
    let row = null;
    let lo = 0;
    let hi = d.scores.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (d.scores[mid][0] <= step) {
        row = d.scores[mid];
        lo = mid + 1;
      } else hi = mid - 1;
    }
    const table = el("table");
    if (!row) {
      this.scoreTable.replaceChildren();
      return;
    }
    const head = el("tr");
    head.appendChild(el("th", "", t.player));
    for (const label of [t.total, ...d.categories]) head.appendChild(el("th", "nv-num", label));
    table.appendChild(head);
    row[1].forEach((parts, seat) => {
      const tr = el("tr");
      tr.appendChild(el("td", "", d.players[seat]));
      tr.appendChild(el("td", "nv-num", String(parts.reduce((a, b) => a + b, 0))));
      parts.forEach((p) => tr.appendChild(el("td", "nv-num", String(p))));
      table.appendChild(tr);
    });
    patch(this.scoreTable, table);
  }

  showBanner(step) {
    const d = this.data;
    const t = d.text;
    const box = this.banner;
    box.hidden = step !== d.last;
    if (step !== d.last || box.childNodes.length) return;
    if (!d.finished) {
      box.appendChild(el("div", "nv-note", t.unfinished));
      return;
    }
    box.appendChild(el("div", "nv-banner-title", t.over));
    const table = el("table", "nv-ranking");
    const head = el("tr");
    const hasTie = d.ranking.some((p) => p.tiebreak);
    const columns = [t.rank, t.player, t.points];
    if (hasTie) columns.push(t.tiebreak);
    for (const label of columns) head.appendChild(el("th", "", label));
    table.appendChild(head);
    for (const p of d.ranking) {
      const tr = el("tr", p.rank === 1 ? "nv-winner" : "");
      tr.appendChild(el("td", "nv-num", String(p.rank)));
      tr.appendChild(el("td", "", p.player));
      tr.appendChild(el("td", "nv-num", String(p.total)));
      if (hasTie) tr.appendChild(el("td", p.tied ? "nv-tied" : "", p.tiebreak));
      table.appendChild(tr);
    }
    box.appendChild(table);
    if (d.tiebreak_rule && d.ranking.some((p) => p.tied)) {
      box.appendChild(el("div", "nv-note", fill(t.tiebreak_rule, { rule: d.tiebreak_rule })));
    }
  }
}

export default function (component) {
  const { data, parentElement, setStateValue } = component;
  let replay = CONTROLLERS.get(parentElement);
  if (!replay) {
    replay = new Replay(parentElement);
    CONTROLLERS.set(parentElement, replay);
  }
  replay.update(data, setStateValue);
  // Streamlit keeps only the last cleanup and may call an earlier one at once when a newer
  // render overtook it: tear down only when the component has really left the page.
  return () => {
    if (parentElement.isConnected) return;
    replay.destroy();
    CONTROLLERS.delete(parentElement);
  };
}
