interface ImportMetaEnv {
  /** Set at build time to tell builds apart (the update-notice test deploys a second build). */
  readonly VITE_APP_VERSION?: string;
  readonly VITE_API_BASE_URL?: string;
}
