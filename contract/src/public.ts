// Schemas and constants of the public area (filled in by its issue).
export {};
