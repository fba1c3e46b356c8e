// Run as a worker thread by src/scenarios/scenario-parser.ts: parses and checks one big scenario text off the
// simulator's event loop, and posts back the scenario or its problem (the titles are checked later, against
// the catalogue).
import { checkedText, scenarioOutline, textHash } from './scenario-parser.js';
import { answerJob } from './worker-answer.js';

answerJob(({ text, file }: { text: string; file: string }) => {
  const checked = checkedText(text, file);
  const hash = textHash(text);
  if ('scenario' in checked) return { scenario: scenarioOutline(checked.scenario), outline: true, hash };
  return { problem: { file: checked.error.file, path: checked.error.path, problem: checked.error.problem }, name: checked.name, hash };
});
