// The spec's messages of the ops screens (001 §8, §2), shared by the server and the browser (its own
// module so that pages which show none of them do not carry them).
export const OPS_MESSAGES = {
  pdfStarted: "PDF download has initiated. This process takes time based on data size.",
  excelStarted: "Excel Sheet download has initiated. This process takes time based on data size.",
  blobFallbackError: "An error occurred while processing your request.",
  noUsers: "No users to show",
} as const;
