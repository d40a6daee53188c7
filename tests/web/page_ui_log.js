// The viewer's ui log as the page prints it (`?ui-log`, docs/web.md): each line the panels log
// that was not shown the frame before goes to the viewer's stderr as "skinview: frame N: LINE"
// ("frame N, load frame K: LINE" while an open runs), which emscripten hands to the page's
// printErr, a console warning. The page test reads panel state from these lines as the native
// window tests read it from the log file of a scripted run (tests/viewer/smoke).
"use strict";

const LINE = /^skinview: frame (\d+)(?:, load frame \d+)?: (.*)$/;

class UiLog {
  constructor() {
    this.lines = [];  // {frame, text}, in the order printed
  }
  // Takes a console text; true when it is a ui log line (then it is no warning of the viewer's).
  take(text) {
    const m = LINE.exec(text);
    if (!m) return false;
    this.lines.push({ frame: Number(m[1]), text: m[2] });
    return true;
  }
  mark() {
    return this.lines.length;
  }
  // The lines printed since `mark` that start with `prefix`, the prefix cut off.
  since(mark, prefix) {
    return this.lines.slice(mark).filter((l) => l.text.startsWith(prefix)).map((l) => l.text.slice(prefix.length));
  }
  // The last such line of the whole log: the panel's state now, since a line is printed again
  // whenever it changes.
  last(prefix) {
    const all = this.since(0, prefix);
    return all.length ? all[all.length - 1] : undefined;
  }
  // Where the panels placed an item ("WHAT: LABEL at X Y", ui::log_item_centre), in window pixels.
  itemAt(what, label) {
    const at = this.last(`${what}: ${label} at `);
    if (at === undefined) return undefined;
    const [x, y] = at.split(" ").map(Number);
    return Number.isFinite(x) && Number.isFinite(y) ? { x, y } : undefined;
  }
}

module.exports = { UiLog };
