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
  var colors = { username: '#d97706', email: '#7c3aed', profile: '#0d9488', website: '#2563eb', avatar: '#db2777', account: '#64748b' };
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
    var d = window.devicePixelRatio || 1, r = canvas.getBoundingClientRect();
    if (canvas.width !== Math.round(r.width * d)) { canvas.width = Math.round(r.width * d); canvas.height = Math.round(r.height * d); }
    ctx.setTransform(d, 0, 0, d, 0, 0);
    ctx.clearRect(0, 0, r.width, r.height);
    ctx.save();
    ctx.translate(r.width / 2, r.height / 2);
    ctx.scale(cam.k, cam.k);
    ctx.translate(-cam.x, -cam.y);
    ctx.lineWidth = 1 / cam.k;
    ctx.strokeStyle = dark ? 'rgba(148,163,184,.35)' : 'rgba(100,116,139,.35)';
    ctx.beginPath();
    data.edges.forEach(function (e) {
      var a = data.nodes[e[0]], b = data.nodes[e[1]];
      ctx.moveTo(a.x, a.y); ctx.lineTo(b.x, b.y);
    });
    ctx.stroke();
    data.nodes.forEach(function (n, i) {
      ctx.beginPath();
      ctx.arc(n.x, n.y, n.r, 0, Math.PI * 2);
      ctx.fillStyle = colors[n.k] || '#64748b';
      ctx.fill();
      if (i === selected) { ctx.lineWidth = 3 / cam.k; ctx.strokeStyle = dark ? '#fff' : '#000'; ctx.stroke(); }
    });
    ctx.fillStyle = dark ? '#e2e8f0' : '#0f172a';
    ctx.font = 12 / cam.k + 'px system-ui, sans-serif';
    data.nodes.forEach(function (n) {
      if (n.r * cam.k > 6 || (n.k !== 'profile' && cam.k > 0.6)) ctx.fillText(n.l, n.x + n.r + 2 / cam.k, n.y + 4 / cam.k);
    });
    ctx.restore();
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
export const VIEWER_SCRIPT_HASH = 'sha256-OpEj9Df+o7LTVbMUPCi2dfS5W6XAb3ySr8GB7tleRvg=';
