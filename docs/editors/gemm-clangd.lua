-- gemm-clangd for C, C++ and CUDA buffers with Neovim's built-in LSP client
-- (Neovim 0.7 and later; no plugin needed). Put this file in
-- ~/.config/nvim/plugin/, or `require` it from init.lua. $GEMM_CLANGD names
-- the server when gemm-clangd is not on PATH.
local cmd = { vim.env.GEMM_CLANGD or 'gemm-clangd', '--background-index' }
local markers = { '.clangd', 'compile_commands.json', 'compile_flags.txt', '.git' }
local clients = {}

local function root_of(file)
  local dir = vim.fn.fnamemodify(file, ':p:h')
  while true do
    for _, marker in ipairs(markers) do
      if vim.loop.fs_stat(dir .. '/' .. marker) then
        return dir
      end
    end
    local parent = vim.fn.fnamemodify(dir, ':h')
    if parent == dir then
      return vim.fn.getcwd()
    end
    dir = parent
  end
end

vim.api.nvim_create_autocmd('FileType', {
  pattern = { 'c', 'cpp', 'cuda', 'objc', 'objcpp' },
  callback = function(args)
    local root = root_of(vim.api.nvim_buf_get_name(args.buf))
    if vim.lsp.start then -- Neovim 0.8 and later
      vim.lsp.start({ name = 'gemm-clangd', cmd = cmd, root_dir = root }, { bufnr = args.buf })
      return
    end
    if not clients[root] then
      clients[root] = vim.lsp.start_client({ name = 'gemm-clangd', cmd = cmd, root_dir = root })
    end
    vim.lsp.buf_attach_client(args.buf, clients[root])
  end,
})
