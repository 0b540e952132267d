/**
 * Hidden route (/__crash) that fails while rendering, so the crash screen can be exercised end to end
 * in the production build. It only affects the visitor who opens it; nothing links here.
 */
export default function CrashTestPage(): never {
  throw new Error('Deliberate render error for testing the crash screen (/__crash).');
}
