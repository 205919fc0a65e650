-- Loaded with --cmd after the editor configuration under test: once Neovim
-- has started and the configuration's LSP client has published diagnostics
-- for the current buffer's document (and nothing newer for a second and a
-- half), writes the client's name and vim.diagnostic.get() of the buffer to
-- $GEMM_NVIM_OUT, one diagnostic a line, and quits. Times out after 90 s.
-- Counted per document: clangd also publishes (empty) diagnostics for the
-- .clangd file it reads.
local published = {}
local last = {}
local handler = vim.lsp.handlers['textDocument/publishDiagnostics']
vim.lsp.handlers['textDocument/publishDiagnostics'] = function(err, result, ctx, config)
  if result and result.uri then
    published[result.uri] = (published[result.uri] or 0) + 1
    last[result.uri] = vim.loop.now()
  end
  return handler(err, result, ctx, config)
end

local function clients_of(buf)
  if vim.lsp.get_clients then
    return vim.lsp.get_clients({ bufnr = buf })
  end
  return vim.tbl_values(vim.lsp.buf_get_clients(buf))
end

vim.api.nvim_create_autocmd('VimEnter', {
  callback = function()
    local buf = vim.api.nvim_get_current_buf()
    local name = vim.fn.fnamemodify(vim.api.nvim_buf_get_name(buf), ':t')
    local lines = {}
    local uri = vim.uri_from_bufnr(buf)
    local ok = vim.wait(90000, function()
      return published[uri] ~= nil and vim.loop.now() - last[uri] >= 1500
    end, 50)
    if not ok then
      table.insert(lines, 'timeout: no publishDiagnostics for ' .. name)
    end
    for _, client in ipairs(clients_of(buf)) do
      table.insert(lines, 'client: ' .. client.name)
    end
    local diagnostics = vim.diagnostic.get(buf)
    table.sort(diagnostics, function(a, b)
      return a.lnum < b.lnum or (a.lnum == b.lnum and a.col < b.col)
    end)
    for _, d in ipairs(diagnostics) do
      local code = d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code) or ''
      table.insert(lines, string.format('%s:%d:%d: %s: %s [%s] source=%s', name, d.lnum + 1,
        d.col + 1, vim.diagnostic.severity[d.severity], vim.split(d.message, '\n')[1], code,
        d.source or ''))
    end
    table.insert(lines, string.format('%d diagnostics', #diagnostics))
    vim.fn.writefile(lines, vim.env.GEMM_NVIM_OUT)
    vim.cmd('qall!')
  end,
})
