/**
 * Headline figures: one name per distinct figure, and one sentence on exactly what it counts (shown behind the
 * figure's "About this figure" button). Two figures that count different things never share a name, and one
 * figure keeps its name on every screen that shows it.
 */
export interface FigureTerm {
  name: string;
  about: string;
}

export const FIGURES = {
  /** Staff dashboard and Compliance Reports (api/routes/reports/compliance-report.ts, complianceSummary). */
  averageRequirementCompliance: {
    name: 'Average Requirement Compliance',
    about:
      "The average compliance percentage of the requirements listed on Compliance Reports: each CoAEMSP accreditation requirement (100% completed, 50% in progress or needing improvement, 0% otherwise), each RAM area of the latest year at its assessed percentage, and each program's student competency tracking at its active students' average skill progress.",
  },
  /**
   * Accreditation's RAM tab (web/features/accreditation/ram-tab.tsx): a figure of the RAM alone, apart from the
   * requirement compliance above that also counts the requirements and the programs' skill progress.
   */
  assessedRamAverage: {
    name: 'Average of Assessed RAM Areas',
    about:
      "The average compliance percentage of the Resource Assessment Matrix's component areas of this year that have been assessed; areas not yet assessed are left out. Not the same as Average Requirement Compliance, which also counts each CoAEMSP requirement and each program's skill progress.",
  },
  /**
   * The mean progress of a group of students: Fire and Police trackers (the students shown), Student Records (all
   * your students) and Progress Reports (each program's students). One student's progress is as in Your Skill Progress.
   */
  averageProgress: {
    name: 'Average Progress',
    about:
      "The mean of the students' overall progress, each student counting once: a student's overall progress is their average over every skill of their certification level (a completed skill 100%, a skill in progress its progress percentage, a skill not started 0%). A fire candidate's skills are their task book's JPRs: a signed JPR counts 100%, any other 0%.",
  },
  /** A student's dashboard (api/routes/dashboard/dashboard-stats.ts, ownProgressRate). */
  yourSkillProgress: {
    name: 'Your Skill Progress',
    about:
      'Your average progress over every skill of your certification level: a completed skill counts 100%, a skill in progress its progress percentage, and a skill not started 0%.',
  },
  /** EMS Skill Entry & Tracking (web/features/skill-entry/overview.ts, skillEntryTiles). */
  levelSkillsCompleted: {
    name: 'Level Skills Completed',
    about:
      'Of all the skills of their certification levels, the share that the active EMS students listed here have completed (completed skills added up over the students, divided by their level skills added up).',
  },
  /**
   * Fire and Police trackers (web/features/discipline-tracker/tracker-figures.ts, trackerView): skill records added
   * up over students, so not the number of distinct skills anyone has completed.
   */
  completedSkillRecords: {
    name: 'Completed Skill Records',
    about:
      "Each shown student's completed skills of this discipline, added up over the students: a student with three completed skills counts three, and a completed skill off the student's track counts too. A fire candidate's completed skills are their signed JPRs.",
  },
  /**
   * Fire tracker, a candidate's home and the task-book page (web/features/task-book/candidate-books.ts): JPR records
   * of the task books, not the skill progress records the Completed Skill Records tile counts.
   */
  jprsSigned: {
    name: 'JPRs Signed',
    about:
      "The JPRs signed as passed in the shown candidates' task books, of the JPRs their levels require (the NFPA 1001 skills of Fire Fighter I or II), added up over the candidates. A JPR passed in training counts only if the program does not require it signed again; a failed attempt never counts.",
  },
  taskBooksCertified: {
    name: 'Task Books Certified',
    about:
      "Shown candidates whose task book the agency's certifying official has signed, after the final evaluator verified every required JPR.",
  },
  /** Graduation Reports (api/routes/reports/graduation-report.ts, graduationStats). */
  graduatingThisMonth: {
    name: 'Graduated or Due This Month',
    about:
      'Students whose graduation date is in this calendar month, plus active students not yet graduated whose expected graduation falls between today and the end of the month; a delayed student (expected date already passed) is not counted.',
  },
} as const satisfies Record<string, FigureTerm>;
