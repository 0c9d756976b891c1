package check

// ContextLines is contextLines for the package's external tests.
const ContextLines = contextLines
