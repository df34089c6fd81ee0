// The chance pad (dashboard/chance_pad.py): the items that turned up at the table are tapped
// here and kept in the browser until the outcome is complete, then sent once (trigger
// "outcome"). Taps never wait for the server, so none is lost to a rerun: two quick taps on
// one Streamlit button are merged into a single click by Streamlit.

const PADS = new WeakMap();

function el(tag, cls, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined) node.textContent = text;
  return node;
}

function fill(template, values) {
  return template.replace(/\{(\w+)\}/g, (m, k) => (k in values ? String(values[k]) : m));
}

class Pad {
  constructor(parent) {
    this.root = el("div", "cp-root");
    parent.appendChild(this.root);
    this.id = null;
    this.seen = [];
    this.hands = [];
    this.at = 0;
    this.sent = false;
  }

  update(data, setTriggerValue) {
    this.send = setTriggerValue;
    this.data = data;
    if (data.id !== this.id) {  // a new position (or a new try after a refusal): start empty
      this.id = data.id;
      this.seen = [];
      this.hands = (data.parts || []).map(() => []);
      this.at = 0;
      this.sent = false;
    }
    this.draw();
  }

  // a dealt draw (data.parts: each hand, then the cards face up) is tapped part by part, in
  // any order: a tap goes to the chosen part, a full part passes on to the next one not full
  get parted() {
    return this.hands.length > 0;
  }

  all() {
    return this.parted ? this.hands.flat() : this.seen;
  }

  nextOpen() {
    const parts = this.data.parts;
    for (let k = 0; k < parts.length; k++) {
      const i = (this.at + k) % parts.length;
      if (this.hands[i].length < parts[i].count) return i;
    }
    return -1;
  }

  put(value) {
    if (!this.parted) {
      this.seen.push(value);
      return;
    }
    const i = this.nextOpen();
    if (i < 0) return;
    this.at = i;
    this.hands[i].push(value);
    if (this.hands[i].length >= this.data.parts[i].count) {
      const next = this.nextOpen();
      if (next >= 0) this.at = next;
    }
  }

  choose(i) {
    if (this.sent) return;
    this.at = i;
    this.draw();
  }

  finish() {
    const items = this.all();
    if (items.length >= this.data.count) {
      this.sent = true;
      this.send("outcome", { id: this.data.id, items: items.slice() });
    }
  }

  // an item the pool holds n of is taken at most n times: a double tap on the one board A1
  // was recorded as "A1, A1" and refused only when the outcome was complete
  left(item) {
    if (!item.max) return Infinity;
    return item.max - this.all().filter((v) => v === item.value).length;
  }

  tap(value) {
    if (this.sent) return;
    const item = this.data.items.find((i) => i.value === value);
    if (item && this.left(item) <= 0) return;
    this.put(value);
    this.takeForced();
    this.finish();
    this.draw();
  }

  // when one item alone is left to take (a shuffle's last card, a pool's last kind), the rest
  // of the outcome is known: taken at once, no tap asked for (dice are never forced)
  takeForced() {
    const items = this.data.items;
    if (!items.length || items.some((item) => !item.max)) return;
    while (this.all().length < this.data.count) {
      const open = items.filter((item) => this.left(item) > 0);
      if (open.length !== 1) return;
      this.put(open[0].value);
    }
  }

  // the items seen so far, and Novus draws the rest (the face-down part of a shuffled deck)
  rest() {
    if (this.sent || !this.all().length) return;
    this.sent = true;
    const sent = { id: this.data.id, items: this.all().slice(), rest: true };
    if (this.parted) sent.parts = this.hands.map((h) => h.slice());
    this.send("outcome", sent);
    this.draw();
  }

  // the chosen part of a deal is cleared (a wrong hand is tapped again), else everything
  clear() {
    if (this.sent) return;
    if (this.parted) this.hands[this.at] = [];
    else this.seen = [];
    this.draw();
  }

  draw() {
    const { items, count, texts } = this.data;
    const label = new Map(items.map((item) => [item.value, item.label]));
    const said = this.seen.map((v) => label.get(v) ?? v).join(", ");
    const have = this.all().length;
    const status = el("p", "cp-status", fill(texts.tap, { have, count }));
    const nodes = [status];
    const grid = el("div", "cp-grid");
    for (const item of items) {
      const button = el("button", "cp-btn", item.label);
      button.type = "button";
      button.disabled = this.sent || this.left(item) <= 0;
      button.addEventListener("click", () => this.tap(item.value));
      grid.appendChild(button);
    }
    nodes.push(grid);
    const clear = el("button", "cp-btn cp-clear", texts.clear);
    clear.type = "button";
    clear.disabled = this.sent || (this.parted ? !this.hands[this.at].length : !have);
    clear.addEventListener("click", () => this.clear());
    const row = el("div", "cp-row");
    row.appendChild(clear);
    if (texts.rest) {
      const rest = el("button", "cp-btn cp-clear cp-rest", texts.rest);
      rest.type = "button";
      rest.disabled = this.sent || !have;
      rest.addEventListener("click", () => this.rest());
      row.appendChild(rest);
    }
    nodes.push(row);
    // what was tapped goes under the buttons, the line kept before the first tap too: the
    // buttons must not move under the finger (a line above them pushed them down a row)
    if (this.parted) {
      nodes.push(this.sections(label));
    } else {
      const seen = this.seen.length ? fill(texts.so_far, { items: said }) : "\u00a0";
      nodes.push(el("p", "cp-seen", seen));
    }
    this.root.replaceChildren(...nodes);
  }

  // one line per hand (and the cards face up): who, how many of how many, what was tapped;
  // a tap on a line chooses the part the next taps go to
  sections(label) {
    const list = el("div", "cp-parts");
    this.data.parts.forEach((part, i) => {
      const got = this.hands[i];
      const line = el("button", "cp-part" + (i === this.at ? " cp-at" : ""));
      line.type = "button";
      line.disabled = this.sent;
      line.setAttribute("aria-pressed", String(i === this.at));
      const head = fill(this.data.texts.part, { label: part.label, have: got.length, count: part.count });
      line.appendChild(el("b", "", head));
      line.appendChild(el("span", "", got.map((v) => label.get(v) ?? v).join(", ")));
      line.addEventListener("click", () => this.choose(i));
      list.appendChild(line);
    });
    return list;
  }
}

export default function (component) {
  const { data, parentElement, setTriggerValue } = component;
  let pad = PADS.get(parentElement);
  if (!pad) {
    pad = new Pad(parentElement);
    PADS.set(parentElement, pad);
  }
  pad.update(data, setTriggerValue);
  return () => {
    if (parentElement.isConnected) return;
    PADS.delete(parentElement);
  };
}
