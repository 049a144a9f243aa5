import { relative } from "node:path";
import type { Reporter, TestModule } from "vitest/node";

/**
 * Prints where the suite's time went once the run ends (issue 57): each project's wall time
 * (its first file's start to its last file's end) beside the sum of its files' own times, and
 * the ten slowest files, so a regression is seen the day it lands.
 */
export default class TimingReporter implements Reporter {
  private readonly started = new Map<string, number>();
  private readonly finished = new Map<string, number>();
  private runStart = 0;

  onTestRunStart() {
    this.runStart = performance.now();
  }

  onTestModuleStart(testModule: TestModule) {
    this.started.set(testModule.moduleId, performance.now());
  }

  onTestModuleEnd(testModule: TestModule) {
    this.finished.set(testModule.moduleId, performance.now());
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    const files = testModules.map((module) => {
      const diagnostic = module.diagnostic();
      return {
        project: module.project.name,
        path: relative(process.cwd(), module.moduleId),
        // Importing the file and running its tests and hooks: what the file itself costs.
        seconds: (diagnostic.collectDuration + diagnostic.setupDuration + diagnostic.duration) / 1000,
        start: this.started.get(module.moduleId) ?? this.runStart,
        end: this.finished.get(module.moduleId) ?? this.runStart,
      };
    });
    const projects = new Map<string, { first: number; last: number; sum: number; count: number }>();
    for (const file of files) {
      const project = projects.get(file.project) ?? { first: Infinity, last: 0, sum: 0, count: 0 };
      project.first = Math.min(project.first, file.start);
      project.last = Math.max(project.last, file.end);
      project.sum += file.seconds;
      project.count += 1;
      projects.set(file.project, project);
    }
    const lines = ["", "Vitest projects (wall time from first file start to last file end; sum of file times):"];
    for (const [name, p] of [...projects].sort((a, b) => a[1].first - b[1].first)) {
      const wall = (p.last - p.first) / 1000;
      lines.push(
        `  ${name.padEnd(8)} ${wall.toFixed(1).padStart(7)} s wall  ${p.sum.toFixed(1).padStart(7)} s in ${p.count} files`,
      );
    }
    lines.push(`  all      ${((performance.now() - this.runStart) / 1000).toFixed(1).padStart(7)} s wall`);
    lines.push("The ten slowest test files:");
    for (const file of [...files].sort((a, b) => b.seconds - a.seconds).slice(0, 10)) {
      lines.push(`  ${file.seconds.toFixed(1).padStart(6)} s  ${file.project.padEnd(7)} ${file.path}`);
    }
    console.log(lines.join("\n"));
  }
}
