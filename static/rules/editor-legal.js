// The nearest spot a move's picture draws as legal (its legal areas and the bands along a ruler), for a tap
// on or near them: the engine draws only spots the ruling accepts, so the nearest drawn one is legal.
// Coordinates are the picture's own (SVG user units, millimetres); `reach` is how far (in them) a tap may miss.

function nearestOnSegment(p, a, b) {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const len = dx * dx + dy * dy;
  const t = len > 0 ? Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / len)) : 0;
  return { x: a.x + t * dx, y: a.y + t * dy };
}

function inside(p, pts) {
  let hit = false;
  for (let i = 0, j = pts.length - 1; i < pts.length; j = i++) {
    const a = pts[i];
    const b = pts[j];
    if (a.y > p.y !== b.y > p.y && p.x < ((b.x - a.x) * (p.y - a.y)) / (b.y - a.y) + a.x) hit = !hit;
  }
  return hit;
}

// the spot `at` (a length along the line from its first point) of a polyline
function pointAlong(pts, at) {
  let left = at;
  for (let i = 1; i < pts.length; i++) {
    const a = pts[i - 1];
    const b = pts[i];
    const len = Math.hypot(b.x - a.x, b.y - a.y);
    if (left <= len || i === pts.length - 1) {
      const t = len > 0 ? Math.max(0, Math.min(1, left / len)) : 0;
      return { x: a.x + t * (b.x - a.x), y: a.y + t * (b.y - a.y) };
    }
    left -= len;
  }
  return pts[0];
}

export function nearestLegal(svg, p, reach) {
  let best = null;
  let bestD = reach;
  for (const el of svg.querySelectorAll(".figure.area > polygon, .figure.legal-line > polyline")) {
    const pts = Array.from(el.points, (q) => ({ x: q.x, y: q.y }));
    if (el.tagName === "polygon" && inside(p, pts)) return p;
    const closed = el.tagName === "polygon" ? [...pts, pts[0]] : pts;
    // a line of legal places: its ends are where the ruling becomes a close call (or illegal), so the spot
    // taken stays `data-clear` inside both (a stretch shorter than twice that: its middle)
    const clear = Number(el.dataset.clear) || 0;
    let total = 0;
    let mine = null;
    for (let i = 1; i < closed.length; i++) {
      const q = nearestOnSegment(p, closed[i - 1], closed[i]);
      const d = Math.hypot(q.x - p.x, q.y - p.y);
      if (d <= bestD) {
        [best, bestD] = [q, d];
        mine = total + Math.hypot(q.x - closed[i - 1].x, q.y - closed[i - 1].y);
      }
      total += Math.hypot(closed[i].x - closed[i - 1].x, closed[i].y - closed[i - 1].y);
    }
    if (mine !== null && clear > 0) {
      const along = total < 2 * clear ? total / 2 : Math.max(clear, Math.min(total - clear, mine));
      best = pointAlong(closed, along);
    }
  }
  return best;
}
