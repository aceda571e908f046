/**
 * The emulator's one page: pick a connection's account (Cloud API number, page or Instagram account),
 * say who you are, and type or send a file as that customer. Messages go to the gateway as signed
 * webhooks (a file by the media id or URL the emulator serves, as Meta does); what the agents answer
 * shows up below (polled from the emulator).
 */
export function emulatorPage(): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Switchboard channel emulator</title>
<link rel="icon" href="data:,">
<style>
  body { font-family: system-ui, sans-serif; margin: 0; background: #f4f5f7; color: #1d2330; }
  header { background: #075e54; color: #fff; padding: 12px 20px; }
  header h1 { margin: 0; font-size: 18px; }
  main { max-width: 720px; margin: 16px auto; padding: 0 12px; }
  fieldset { border: 1px solid #ccd; border-radius: 8px; background: #fff; margin-bottom: 12px; }
  label { display: inline-block; margin: 4px 12px 4px 0; font-size: 14px; }
  input, select, button { font: inherit; padding: 6px 8px; }
  #log { background: #e5ddd5; border-radius: 8px; min-height: 320px; padding: 12px;
         display: flex; flex-direction: column; gap: 6px; overflow-y: auto; max-height: 55vh; }
  .line { max-width: 75%; padding: 6px 10px; border-radius: 8px; white-space: pre-wrap; }
  .in { align-self: flex-end; background: #dcf8c6; }
  .out { align-self: flex-start; background: #fff; }
  .meta { font-size: 11px; color: #667; margin-top: 2px; }
  form.say { display: flex; gap: 8px; margin-top: 10px; }
  form.say input { flex: 1; }
  form.say input[type=file] { background: #fff; border: 1px solid #ccd; border-radius: 4px; }
  #error { color: #b00020; min-height: 1.2em; font-size: 14px; }
</style>
</head>
<body>
<header><h1>Switchboard channel emulator: type as a customer</h1></header>
<main>
  <fieldset>
    <legend>Who writes to whom</legend>
    <label>Connection account <select id="account"></select></label>
    <label>Customer number / id <input id="peer" value="5511999990001" size="16"></label>
    <label>Customer name <input id="name" value="Demo customer" size="16"></label>
  </fieldset>
  <div id="log" aria-live="polite"></div>
  <form class="say" id="say">
    <input id="text" autocomplete="off" placeholder="Type a message as the customer" aria-label="Message">
    <button type="submit">Send</button>
  </form>
  <form class="say" id="send-file">
    <input id="file" type="file" aria-label="Image or document to send (the message above is its caption)"
      accept="image/*,audio/*,video/*,application/pdf,.doc,.docx,.xls,.xlsx,.ppt,.pptx,.txt,.csv,.zip">
    <button type="submit">Send file</button>
  </form>
  <div id="error" role="alert"></div>
</main>
<script>
  const $ = (id) => document.getElementById(id);
  let accounts = [];
  async function loadAccounts() {
    const reply = await fetch('emulator/accounts').then((r) => r.json());
    accounts = [
      ...reply.phoneNumbers.map((a) => ({ ...a, object: 'whatsapp_business_account' })),
      ...reply.pages,
    ];
    const select = $('account');
    const current = select.value;
    select.innerHTML = '';
    for (const a of accounts) {
      const option = document.createElement('option');
      option.value = a.id;
      option.textContent = a.label;
      select.appendChild(option);
    }
    if (current) select.value = current;
  }
  function selected() {
    return accounts.find((a) => a.id === $('account').value);
  }
  async function refresh() {
    const account = selected();
    if (!account) return;
    const query = new URLSearchParams({ account: account.id, peer: $('peer').value.trim() });
    const { lines } = await fetch('emulator/conversation?' + query).then((r) => r.json());
    const log = $('log');
    const atBottom = log.scrollTop + log.clientHeight >= log.scrollHeight - 4;
    log.innerHTML = '';
    for (const line of lines) {
      const div = document.createElement('div');
      div.className = 'line ' + line.direction;
      div.textContent = line.text;
      const meta = document.createElement('div');
      meta.className = 'meta';
      meta.textContent = new Date(line.at).toLocaleTimeString() + (line.status ? ' · ' + line.status : '');
      div.appendChild(meta);
      log.appendChild(div);
    }
    if (atBottom) log.scrollTop = log.scrollHeight;
  }
  $('say').addEventListener('submit', async (event) => {
    event.preventDefault();
    const account = selected();
    const text = $('text').value.trim();
    if (!account || !text) return;
    $('error').textContent = '';
    const object = account.object === 'whatsapp_business_account' ? undefined : account.object;
    const reply = await fetch('emulator/say', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account: account.id, object, peer: $('peer').value.trim(), name: $('name').value.trim(), text }),
    });
    if (await delivered(reply)) $('text').value = '';
    await refresh();
  });
  $('send-file').addEventListener('submit', async (event) => {
    event.preventDefault();
    const account = selected();
    const file = $('file').files[0];
    if (!account || !file) return;
    $('error').textContent = '';
    const form = new FormData();
    form.set('account', account.id);
    if (account.object !== 'whatsapp_business_account') form.set('object', account.object);
    form.set('peer', $('peer').value.trim());
    form.set('name', $('name').value.trim());
    form.set('caption', $('text').value.trim());
    form.set('file', file);
    const reply = await fetch('emulator/send-file', { method: 'POST', body: form });
    if (await delivered(reply)) {
      $('file').value = '';
      $('text').value = '';
    }
    await refresh();
  });
  // true when the gateway took the webhook; otherwise says why below the form
  async function delivered(reply) {
    const body = await reply.json();
    if (!reply.ok) $('error').textContent = body.error;
    else if (body.status !== 200) $('error').textContent = 'The gateway answered ' + body.status + ': ' + body.body;
    return reply.ok && body.status === 200;
  }
  loadAccounts().then(refresh);
  setInterval(() => { loadAccounts().then(refresh).catch(() => {}); }, 1500);
</script>
</body>
</html>`;
}
