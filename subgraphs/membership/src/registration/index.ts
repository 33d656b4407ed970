// Public API for other subgraphs; see docs/design/registration.md.
export {};
