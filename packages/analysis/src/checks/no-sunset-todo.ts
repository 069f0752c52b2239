import { phaseOf } from '@sunset/rule-data';
import type { Check } from './check.js';
import { plainFinding } from './check.js';
import { markersOfReportedCalls, retirementData } from './retirement-check.js';

/**
 * Every `TODO(sunset:<id>)` marker left in a comment: what is still open, or that the id is unknown.
 * A marker above a call the retirement rules still report is that finding's related place instead:
 * one request, one finding. A marker whose call is gone (or no longer matches) stays.
 */
const noSunsetTodo: Check<readonly []> = {
  meta: {
    name: 'no-sunset-todo',
    type: 'suggestion',
    description: 'Disallow `TODO(sunset:<id>)` markers left in the code',
    recommended: true,
    fixable: false,
    hasSuggestions: false,
    optionsSchema: [],
    defaultOptions: [],
  },
  run(index, options) {
    const attached = markersOfReportedCalls(index, options);
    return index.todoMarkers.filter((marker) => !attached.has(marker.range[0])).map((marker) => {
      const entry = options.catalog.byId(marker.entryId);
      if (entry === undefined) return plainFinding('no-sunset-todo', 'unknownSunsetTodo', { entryId: marker.entryId }, marker.range);
      const data = { entryId: entry.id, ...retirementData(entry, entry.retiredKey, phaseOf(entry, options.asOf), entry.replacements, options.asOf) };
      return plainFinding('no-sunset-todo', 'sunsetTodo', data, marker.range);
    });
  },
};

export default noSunsetTodo;
