/** Every text of an organisation's logo form (issue 23). */
export const organisationTexts = {
  logosTitle: 'Logos on the member pages',
  logoAlt: (organisation: string) => `Logo of ${organisation}`,
  noLogo: 'No logo yet.',
  chooseLogo: (organisation: string) => `Logo of ${organisation} (PNG, JPEG or WebP, at most 200 kB)`,
  upload: 'Upload logo',
  uploading: 'Uploading…',
  saved: 'The logo was saved; member pages show it from now on.',
  chooseFirst: 'Choose an image file first.',
  failed: 'The logo could not be saved. Please try again.',
};
