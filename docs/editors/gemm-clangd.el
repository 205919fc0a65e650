;; gemm-clangd for C, C++ and CUDA buffers with Eglot (built into Emacs 29
;; and later). Add to your init file; gemm-clangd must be on `exec-path'.
(with-eval-after-load 'eglot
  (add-to-list 'eglot-server-programs
               '((c-mode c++-mode c-ts-mode c++-ts-mode cuda-mode)
                 . ("gemm-clangd" "--background-index"))))
(dolist (hook '(c-mode-hook c++-mode-hook c-ts-mode-hook c++-ts-mode-hook))
  (add-hook hook #'eglot-ensure))
