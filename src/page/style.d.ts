// The page's style sheet, imported for esbuild to bundle (it has no exports).
declare module '*.css';
