/**
 * The one script of the standalone HTML export: draws the graph from the page's `#graph-data` JSON on the
 * canvas, pans (drag, arrow keys), zooms (wheel, +/-, 0 to fit) and says what a clicked node is, with its
 * facts and ties, as text (never markup). Plain ES5 so any browser opens the file years later. The page's
 * CSP allows this script by its hash only; a test recomputes the hash, so an edit cannot forget it.
 */
export const VIEWER_SCRIPT = `(function () {
  var data = JSON.parse(document.getElementById('graph-data').textContent);
  var canvas = document.getElementById('graph');
  var info = document.getElementById('info');
  var ctx = canvas.getContext('2d');
  var colors = { username: '#d97706', email: '#7c3aed', profile: '#0d9488', group: '#65a30d', website: '#2563eb', avatar: '#db2777', account: '#64748b' };
  var cam = { x: 0, y: 0, k: 1 };
  var selected = -1;
  var dark = window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches;
  function fit() {
    var b = data.bounds, r = canvas.getBoundingClientRect();
    cam.k = Math.min(r.width / (b.maxX - b.minX + 40), r.height / (b.maxY - b.minY + 40)) || 1;
    cam.x = (b.minX + b.maxX) / 2;
    cam.y = (b.minY + b.maxY) / 2;
  }
  function draw() {
    // Screen pixels, opaque one-pixel edges and one path per colour: fast in every browser at 3,000 nodes.
    var d = window.devicePixelRatio || 1, r = canvas.getBoundingClientRect(), w = r.width, h = r.height;
    if (canvas.width !== Math.round(w * d)) { canvas.width = Math.round(w * d); canvas.height = Math.round(h * d); }
    ctx.setTransform(d, 0, 0, d, 0, 0);
    ctx.fillStyle = dark ? '#0b0f17' : '#ffffff';
    ctx.fillRect(0, 0, w, h);
    var sx = [], sy = [];
    data.nodes.forEach(function (n, i) { sx[i] = (n.x - cam.x) * cam.k + w / 2; sy[i] = (n.y - cam.y) * cam.k + h / 2; });
    function inside(i) { return sx[i] > -20 && sx[i] < w + 20 && sy[i] > -20 && sy[i] < h + 20; }
    ctx.lineWidth = 1;
    ctx.strokeStyle = dark ? '#303a4e' : '#cbd5e1';
    ctx.beginPath();
    data.edges.forEach(function (e) {
      if (!inside(e[0]) && !inside(e[1])) return;
      ctx.moveTo(sx[e[0]], sy[e[0]]); ctx.lineTo(sx[e[1]], sy[e[1]]);
    });
    ctx.stroke();
    Object.keys(colors).forEach(function (kind) {
      ctx.beginPath();
      data.nodes.forEach(function (n, i) {
        if (n.k !== kind || !inside(i)) return;
        var rr = Math.max(n.r * cam.k, 2);
        if (rr < 3.5) ctx.rect(sx[i] - rr, sy[i] - rr, 2 * rr, 2 * rr);
        else { ctx.moveTo(sx[i] + rr, sy[i]); ctx.arc(sx[i], sy[i], rr, 0, Math.PI * 2); }
      });
      ctx.fillStyle = colors[kind];
      ctx.fill();
    });
    if (selected >= 0) {
      ctx.beginPath();
      ctx.arc(sx[selected], sy[selected], Math.max(data.nodes[selected].r * cam.k, 2) + 4, 0, Math.PI * 2);
      ctx.lineWidth = 2.5; ctx.strokeStyle = dark ? '#ffffff' : '#000000'; ctx.stroke();
    }
    ctx.fillStyle = dark ? '#e2e8f0' : '#0f172a';
    ctx.font = '12px system-ui, sans-serif';
    ctx.textBaseline = 'middle';
    var labels = 0;
    data.nodes.forEach(function (n, i) {
      if (labels >= 250 || !inside(i)) return;
      if (n.r * cam.k > 6 || (n.k !== 'profile' && cam.k > 0.5) || n.r > 10) { ctx.fillText(n.l, sx[i] + Math.max(n.r * cam.k, 2) + 4, sy[i]); labels++; }
    });
  }
  function world(ev) {
    var r = canvas.getBoundingClientRect();
    return { x: (ev.clientX - r.left - r.width / 2) / cam.k + cam.x, y: (ev.clientY - r.top - r.height / 2) / cam.k + cam.y };
  }
  function text(tag, value) { var el = document.createElement(tag); el.textContent = value; return el; }
  function show(i) {
    selected = i;
    info.textContent = '';
    if (i < 0) { draw(); return; }
    var n = data.nodes[i];
    info.appendChild(text('strong', (data.kinds[n.k] || n.k) + ': ' + n.l));
    if (n.u) { var a = text('a', ' ' + n.u); a.href = n.u; a.rel = 'noopener noreferrer nofollow'; info.appendChild(a); }
    var list = document.createElement('ul');
    n.f.forEach(function (f) {
      var li = text('li', f[0] + ': ' + f[1] + ' ');
      if (f[2]) { var s = text('a', '(' + data.source + ')'); s.href = f[2]; s.rel = 'noopener noreferrer nofollow'; li.appendChild(s); }
      list.appendChild(li);
    });
    var shown = 0;
    data.edges.forEach(function (e) {
      if ((e[0] === i || e[1] === i) && shown++ < 50) {
        var other = data.nodes[e[0] === i ? e[1] : e[0]];
        list.appendChild(text('li', other.l + ' — ' + e[2]));
      }
    });
    info.appendChild(list);
    draw();
  }
  var drag = null;
  canvas.addEventListener('pointerdown', function (ev) { drag = { x: ev.clientX, y: ev.clientY, moved: false }; canvas.setPointerCapture(ev.pointerId); });
  canvas.addEventListener('pointermove', function (ev) {
    if (!drag) return;
    var dx = ev.clientX - drag.x, dy = ev.clientY - drag.y;
    if (Math.abs(dx) + Math.abs(dy) > 3) drag.moved = true;
    cam.x -= dx / cam.k; cam.y -= dy / cam.k; drag.x = ev.clientX; drag.y = ev.clientY;
    draw();
  });
  canvas.addEventListener('pointerup', function (ev) {
    if (drag && !drag.moved) {
      var p = world(ev), best = -1, bestD = 12 / cam.k;
      data.nodes.forEach(function (n, i) { var d = Math.hypot(n.x - p.x, n.y - p.y) - n.r; if (d < bestD) { bestD = d; best = i; } });
      show(best);
    }
    drag = null;
  });
  function zoom(f, ev) {
    var before = ev ? world(ev) : null;
    cam.k = Math.max(0.02, Math.min(20, cam.k * f));
    if (before) { var after = world(ev); cam.x += before.x - after.x; cam.y += before.y - after.y; }
    draw();
  }
  canvas.addEventListener('wheel', function (ev) { ev.preventDefault(); zoom(Math.exp(-ev.deltaY * 0.002), ev); }, { passive: false });
  canvas.addEventListener('keydown', function (ev) {
    var step = 60 / cam.k, keys = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] };
    if (keys[ev.key]) { cam.x += keys[ev.key][0]; cam.y += keys[ev.key][1]; draw(); }
    else if (ev.key === '+' || ev.key === '=') zoom(1.25);
    else if (ev.key === '-') zoom(0.8);
    else if (ev.key === '0') { fit(); draw(); }
    else return;
    ev.preventDefault();
  });
  window.addEventListener('resize', draw);
  fit();
  draw();
  document.documentElement.setAttribute('data-graph-ready', String(data.nodes.length));
})();`;

/** The CSP source that allows exactly VIEWER_SCRIPT (sha256 of its text, base64). */
export const VIEWER_SCRIPT_HASH = 'sha256-HOtBkUNBbnZc98yJaefs0NfebJIIty6vGRTBH4r3lq4=';
