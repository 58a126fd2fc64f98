// The page's files, to take away: a Files button opens a list of every
// file the game keeps in this browser (the save, the run's recording,
// runs/ with the recordings of runs that ended, morgue/ with their
// records, the high scores), each a download. A recording taken from
// here verifies natively: amulets --replay FILE --digest. A recording
// kept here, or one from this computer, can be watched (watch(text)).
// Below them, each entry of the browser's storage that the start left
// alone, not being one of the game's files (store.skipped). And the
// player's keys.txt and options.txt, edited here or uploaded (config:
// web.js's, over web_glue.c's web_config_*), kept among the game's files
// and read as the game starts, as the config folder's are natively.
'use strict';
const AmuletsFiles = (() => {
  const CONFIG_FILES = ['keys.txt', 'options.txt'];

  function create(store, onOpen, watch, config) {
    const button = document.getElementById('files-button'), panel = document.getElementById('files');
    const list = panel.querySelector('ul');
    const editor = document.getElementById('config-editor'), editing = document.getElementById('config-name');
    const area = document.getElementById('config-text'), said = document.getElementById('config-said');
    let urls = [];

    async function show() {
      urls.forEach((u) => URL.revokeObjectURL(u));
      urls = [];
      list.textContent = '';
      await store.settled();
      let files = [], unread = null;
      try {
        files = [...(await store.files())].sort(([a], [b]) => a.localeCompare(b));
      } catch (error) {
        unread = error;
      }
      if (store.unsaved) say(`Nothing is kept in this browser: ${store.unsaved}.`);
      else if (unread) say(`This browser's storage can't be read now (${unread.name || unread}).`);
      else if (files.length === 0) say('Nothing is saved in this browser yet.');
      for (const [path, bytes] of files) {
        const url = URL.createObjectURL(new Blob([bytes], { type: 'text/plain' }));
        urls.push(url);
        const item = document.createElement('li'), link = document.createElement('a');
        link.href = url;
        link.download = path.replace(/\//g, '-');
        link.textContent = path;
        item.append(link, ` (${bytes.length} bytes)`);
        if (path === 'replay.txt' || path.startsWith('runs/')) {
          const button = document.createElement('button');
          button.textContent = 'watch';
          button.addEventListener('click', () => { hide(); watch(new TextDecoder().decode(bytes)); });
          item.append(' ', button);
        }
        list.append(item);
      }
      // what the start left alone in IndexedDB, not being the game's
      for (const why of store.skipped) say(`Left alone in this browser's storage: ${why}.`, 'skipped');
      panel.hidden = false;
      onOpen(true);
    }

    function say(text, kind) {
      const item = document.createElement('li');
      item.textContent = text;
      if (kind) item.className = kind;
      list.append(item);
    }

    function hide() {
      panel.hidden = true;
      editor.hidden = true;
      said.textContent = '';
      onOpen(false);
    }

    // ---- keys.txt and options.txt -------------------------------------------
    function edit(name) {
      editing.textContent = name;
      area.value = config.text(name);
      said.textContent = '';
      editor.hidden = false;
      area.focus();
    }

    // Keeps the file among the game's, saying its mistakes (each keeps
    // its default, as the game says at its start); the list shows it
    async function keep(name, text) {
      const mistakes = config.check(name, text), failed = config.put(name, text);
      editor.hidden = true;
      if (failed) {
        said.textContent = failed;
        return;
      }
      await show();
      said.textContent = mistakes
        ? `${name} is kept. Its mistakes keep their defaults:\n${mistakes}`
        : `${name} is kept: it is read when the game starts again.`;
    }

    document.getElementById('edit-keys').addEventListener('click', () => edit('keys.txt'));
    document.getElementById('edit-options').addEventListener('click', () => edit('options.txt'));
    document.getElementById('config-keep').addEventListener('click', () => keep(editing.textContent, area.value));
    document.getElementById('config-cancel').addEventListener('click', () => { editor.hidden = true; });
    document.getElementById('config-upload').addEventListener('change', async (e) => {
      const file = e.target.files[0];
      if (file === undefined) return;
      e.target.value = '';
      if (!CONFIG_FILES.includes(file.name)) {
        said.textContent = `Only keys.txt or options.txt is read as the game starts, not ${file.name}.`;
        return;
      }
      await keep(file.name, await file.text());
    });
    button.addEventListener('click', () => (panel.hidden ? show() : hide()));
    panel.querySelector('#files-close').addEventListener('click', hide);
    panel.querySelector('#files-upload').addEventListener('change', async (e) => {
      const file = e.target.files[0];
      if (file === undefined) return;
      const text = await file.text();
      e.target.value = '';
      hide();
      watch(text);
    });
    window.addEventListener('keydown', (e) => {
      if (!panel.hidden && e.key === 'Escape') { e.preventDefault(); hide(); }
    });
    button.hidden = false;
    return { isOpen: () => !panel.hidden, show, hide, edit, keep };
  }
  return { create };
})();
