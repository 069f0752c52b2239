export { planFix, refusedFix } from './plan-fix.js';
export type { FixableFinding, FixPlan, FixTextEdit, SiteAction, SiteReport } from './types.js';
