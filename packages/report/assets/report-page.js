// The page script of `sunset report` (inlined into the page; no module system, no network).
// Filters and sorting work on the server-rendered markup; charts are drawn with uPlot from the
// JSON in #sunset-report-data. Text from scanned code is only ever set with textContent.
(function () {
  'use strict';

  var data = JSON.parse(document.getElementById('sunset-report-data').textContent);

  function plural(count, noun) {
    return count + ' ' + noun + (count === 1 ? '' : 's');
  }

  // ---- filters ---------------------------------------------------------------------------------
  var form = document.querySelector('form.filters');
  var items = Array.prototype.slice.call(document.querySelectorAll('#site-list > li.site'));
  var status = document.getElementById('site-count');
  // A merged report adds the repository filter and has no fix filter (it lists the TODO sites only).
  var controls = {
    family: document.getElementById('filter-family'),
    repository: document.getElementById('filter-repository'),
    owner: document.getElementById('filter-owner'),
    phase: document.getElementById('filter-phase'),
    fix: document.getElementById('filter-fix'),
    text: document.getElementById('filter-text'),
  };

  function valueOf(control) {
    return control ? control.value : '';
  }

  function applyFilters() {
    var family = controls.family.value;
    var repository = valueOf(controls.repository);
    var owner = controls.owner.value;
    var phase = controls.phase.value;
    var fix = valueOf(controls.fix);
    var text = controls.text.value.trim().toLowerCase();
    var shown = 0;
    items.forEach(function (item) {
      var match =
        (family === '' || item.dataset.family === family) &&
        (repository === '' || item.dataset.repository === repository) &&
        (owner === '' || JSON.parse(item.dataset.owners).indexOf(owner) !== -1) &&
        (phase === '' || item.dataset.phase === phase) &&
        (fix === '' || item.dataset.fix === fix) &&
        (text === '' || item.textContent.toLowerCase().indexOf(text) !== -1);
      item.hidden = !match;
      if (match) shown += 1;
    });
    status.textContent = 'Showing ' + shown + ' of ' + plural(items.length, 'site') + '.';
  }

  if (form) {
    form.addEventListener('submit', function (event) {
      event.preventDefault();
    });
    form.addEventListener('reset', function () {
      setTimeout(applyFilters, 0);
    });
    ['family', 'repository', 'owner', 'phase', 'fix'].forEach(function (name) {
      if (controls[name]) controls[name].addEventListener('change', applyFilters);
    });
    controls.text.addEventListener('input', applyFilters);
  }

  Array.prototype.forEach.call(document.querySelectorAll('button.show-owner'), function (button) {
    button.addEventListener('click', function () {
      controls.owner.value = button.dataset.owner;
      applyFilters();
      controls.owner.focus();
      document.getElementById('sites').scrollIntoView();
    });
  });

  Array.prototype.forEach.call(document.querySelectorAll('button.show-repository'), function (button) {
    button.addEventListener('click', function () {
      controls.repository.value = button.dataset.repository;
      applyFilters();
      controls.repository.focus();
      document.getElementById('sites').scrollIntoView();
    });
  });

  // ---- sortable tables -------------------------------------------------------------------------
  Array.prototype.forEach.call(document.querySelectorAll('table.sortable'), function (table) {
    var headers = Array.prototype.slice.call(table.querySelectorAll('thead th'));
    headers.forEach(function (th, column) {
      var button = th.querySelector('button[data-sort]');
      if (!button) return;
      button.addEventListener('click', function () {
        var descending = th.getAttribute('aria-sort') === 'ascending';
        var numeric = button.dataset.type === 'number';
        var body = table.tBodies[0];
        var rows = Array.prototype.slice.call(body.rows);
        rows.sort(function (a, b) {
          var x = a.cells[column].dataset.value;
          var y = b.cells[column].dataset.value;
          var order = numeric ? Number(x) - Number(y) : x < y ? -1 : x > y ? 1 : 0;
          return descending ? -order : order;
        });
        rows.forEach(function (row) {
          body.appendChild(row);
        });
        headers.forEach(function (other) {
          if (other.querySelector('button[data-sort]')) other.setAttribute('aria-sort', 'none');
        });
        th.setAttribute('aria-sort', descending ? 'descending' : 'ascending');
      });
    });
  });

  // ---- charts ----------------------------------------------------------------------------------
  if (typeof uPlot === 'undefined') return;
  var charts = [];

  function color(name) {
    return getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  }

  function widthOf(element) {
    return Math.max(320, Math.min(element.clientWidth || 720, 1100));
  }

  function axis(extra) {
    var base = { stroke: color('--text'), grid: { stroke: color('--grid'), width: 1 }, ticks: { stroke: color('--grid') } };
    for (var key in extra) base[key] = extra[key];
    return base;
  }

  function familyChart() {
    var element = document.getElementById('family-chart');
    if (!element) return;
    var families = data.families;
    var xs = families.map(function (_, index) { return index; });
    var ys = families.map(function (family) { return family.count; });
    var max = Math.max.apply(null, ys.concat([1]));
    var options = {
      width: widthOf(element),
      height: 240,
      legend: { show: false },
      cursor: { show: false },
      scales: { x: { time: false, range: [-0.5, families.length - 0.5] }, y: { range: [0, Math.ceil(max * 1.2) + 1] } },
      axes: [
        axis({ splits: function () { return xs; }, values: function (_, splits) { return splits.map(function (i) { return families[i] ? families[i].label : ''; }); }, grid: { show: false } }),
        axis({ label: 'calls' }),
      ],
      series: [
        {},
        {
          label: data.labels.calls,
          stroke: color('--chart-1'),
          fill: color('--chart-1-fill'),
          width: 2,
          paths: uPlot.paths.bars({ size: [0.6, 120] }),
          points: { show: false },
        },
      ],
      hooks: {
        draw: [
          function (u) {
            var ctx = u.ctx;
            var drawn = 0;
            ctx.save();
            ctx.fillStyle = color('--text');
            ctx.font = 12 * devicePixelRatio + 'px system-ui, sans-serif';
            ctx.textAlign = 'center';
            ys.forEach(function (value, index) {
              if (value > 0) drawn += 1;
              ctx.fillText(String(value), u.valToPos(index, 'x', true), u.valToPos(value, 'y', true) - 6 * devicePixelRatio);
            });
            ctx.restore();
            element.dataset.marks = String(drawn);
          },
        ],
      },
    };
    charts.push(new uPlot(options, [xs, ys], element));
  }

  function burndownChart() {
    var element = document.getElementById('burndown-chart');
    if (!element || data.history.length === 0) return;
    var day = 86400;
    var xs = data.history.map(function (point) { return point.x; });
    var totals = data.history.map(function (point) { return point.total; });
    var rewrites = data.history.map(function (point) { return point.rewrite; });
    var first = xs[0];
    var last = xs[xs.length - 1];
    var deadlines = data.deadlines.map(function (deadline) {
      return { x: Date.parse(deadline.day + 'T00:00:00Z') / 1000, label: (deadline.kind === 'ga-end' ? 'GA ends ' : 'support ends ') + deadline.day };
    });
    // Upcoming dates within a year stretch the axis; earlier ones are named at its left edge.
    var right = deadlines.reduce(function (end, deadline) { return deadline.x > end && deadline.x <= last + 365 * day ? deadline.x : end; }, last);
    var min = first === right ? first - day : first;
    var max = first === right ? right + day : right;
    var top = Math.max.apply(null, totals.concat([1]));
    var options = {
      width: widthOf(element),
      height: 280,
      legend: { live: false },
      scales: { x: { time: true, range: [min, max] }, y: { range: [0, Math.ceil(top * 1.15) + 1] } },
      axes: [axis({}), axis({ label: 'calls left' })],
      series: [
        { label: 'Day', value: function (_, value) { return value == null ? '' : new Date(value * 1000).toISOString().slice(0, 10); } },
        { label: data.labels.callsLeft, stroke: color('--chart-1'), width: 2, points: { show: true, size: 6, fill: color('--chart-1') } },
        { label: 'of which the codemod rewrites', stroke: color('--chart-2'), width: 2, dash: [6, 4], points: { show: true, size: 6, fill: color('--bg') } },
      ],
      hooks: {
        draw: [
          function (u) {
            var ctx = u.ctx;
            var ratio = devicePixelRatio;
            var earlier = [];
            ctx.save();
            ctx.font = 11 * ratio + 'px system-ui, sans-serif';
            ctx.fillStyle = color('--text');
            ctx.strokeStyle = color('--mark');
            ctx.lineWidth = 1.5 * ratio;
            ctx.setLineDash([4 * ratio, 4 * ratio]);
            var row = 0;
            deadlines.forEach(function (deadline) {
              if (deadline.x < min) {
                earlier.push(deadline.label);
                return;
              }
              if (deadline.x > max) return;
              var x = Math.round(u.valToPos(deadline.x, 'x', true));
              ctx.beginPath();
              ctx.moveTo(x, u.bbox.top);
              ctx.lineTo(x, u.bbox.top + u.bbox.height);
              ctx.stroke();
              ctx.textAlign = x > u.bbox.left + u.bbox.width / 2 ? 'right' : 'left';
              ctx.fillText(deadline.label, x + (ctx.textAlign === 'right' ? -4 : 4) * ratio, u.bbox.top + (12 + 13 * row++) * ratio);
            });
            if (earlier.length > 0) {
              ctx.textAlign = 'left';
              ctx.fillText('\u25c0 before this range: ' + earlier.join(', '), u.bbox.left + 4 * ratio, u.bbox.top + u.bbox.height - 6 * ratio);
            }
            ctx.restore();
            element.dataset.marks = String(totals.length + rewrites.length);
          },
        ],
      },
    };
    charts.push(new uPlot(options, [xs, totals, rewrites], element));
  }

  function drawCharts() {
    charts.forEach(function (chart) { chart.destroy(); });
    charts = [];
    familyChart();
    burndownChart();
  }

  drawCharts();
  if (window.matchMedia) {
    window.matchMedia('(prefers-color-scheme: dark)').addEventListener('change', drawCharts);
  }
  var resizing;
  window.addEventListener('resize', function () {
    clearTimeout(resizing);
    resizing = setTimeout(drawCharts, 150);
  });
})();
