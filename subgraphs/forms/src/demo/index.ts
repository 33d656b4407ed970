/** The demo installation (package export `@ems/forms/demo`): what `npm start` and the end-to-end tests seed. */
export { FORMS_DEMO_DEFINITION, FORMS_DEMO_STEPS, seedFormsDemo } from './seed';
export { seedDemoInstallation } from './installation';
