import { describe, expect, it } from "vitest";
import { AVAILABILITY_MIN_DATE, CONSULTANT_MESSAGES, advanceStage, availabilityDatesError, averageRating, isIsoDate, minAvailableEndDate, normalizePhone, onboardingRedirect, roundRating, stageAfterPhoneChange, PHONE_RE, type StageFields } from "../../app/models/consultant-rules";
import { AvailabilitySchema, NotesAndRatesSchema, SendMessageSchema } from "../../app/models/schemas/consultant-dialogs";
import { ConsultantFieldsInput, MarketplaceQuery, RateInput, servicesInput } from "../../app/models/schemas/consultant";

const empty: StageFields = {
  name: "", city: "", country: "", summary: "",
  aircraft_type: "0", helicopter_type: "0", power_plant_type: "0", phone_verified: 0,
};
const basic = { ...empty, name: "Ana Ruiz", city: "Madrid", country: "Spain" };
const profiled = { ...basic, summary: "Records reviews for A320 family.", aircraft_type: "1" };

describe("onboarding redirect by stage (spec §4)", () => {
  it("sends a consultant without a name, or at basic_info, to general settings", () => {
    expect(onboardingRedirect({ id: 7, name: "", stage: "complete" })).toBe("/consultant/settings/7/general");
    expect(onboardingRedirect({ id: 7, name: null, stage: "profile" })).toBe("/consultant/settings/7/general");
    expect(onboardingRedirect({ id: 7, name: "Ana", stage: "basic_info" })).toBe("/consultant/settings/7/general");
  });
  it("profile -> profile overview; phone stages -> phone settings; locked -> notifications", () => {
    expect(onboardingRedirect({ id: 7, name: "Ana", stage: "profile" })).toBe("/consultant/profile/7/overview");
    for (const stage of ["verify_phone", "otp_sent", "otp_verified"]) {
      expect(onboardingRedirect({ id: 7, name: "Ana", stage })).toBe("/consultant/settings/7/phone");
    }
    expect(onboardingRedirect({ id: 7, name: "Ana", stage: "account_locked" })).toBe("/consultant/settings/7/notifications");
  });
  it("a finished consultant is not redirected", () => {
    expect(onboardingRedirect({ id: 7, name: "Ana", stage: "complete" })).toBeNull();
  });
});

describe("stage progression", () => {
  it("stays at basic_info until name, city and country are filled", () => {
    expect(advanceStage("basic_info", empty)).toBe("basic_info");
    expect(advanceStage("basic_info", { ...basic, city: " " })).toBe("basic_info");
    expect(advanceStage("basic_info", basic)).toBe("profile");
  });
  it("moves profile -> verify_phone once a summary and a type are set", () => {
    expect(advanceStage("profile", { ...basic, summary: "x" })).toBe("profile");
    expect(advanceStage("profile", { ...basic, helicopter_type: "1" })).toBe("profile");
    expect(advanceStage("profile", profiled)).toBe("verify_phone");
    expect(advanceStage("basic_info", profiled)).toBe("verify_phone");
  });
  it("needs a verified phone to go past verify_phone / otp_sent, then completes", () => {
    expect(advanceStage("verify_phone", profiled)).toBe("verify_phone");
    expect(advanceStage("otp_sent", profiled)).toBe("otp_sent");
    expect(advanceStage("otp_sent", { ...profiled, phone_verified: 1 })).toBe("complete");
    expect(advanceStage("otp_verified", { ...basic, phone_verified: 1 })).toBe("otp_verified");
    expect(advanceStage("basic_info", { ...profiled, phone_verified: true })).toBe("complete");
  });
  it("never leaves account_locked and never goes back", () => {
    expect(advanceStage("account_locked", { ...profiled, phone_verified: 1 })).toBe("account_locked");
    expect(advanceStage("complete", empty)).toBe("complete");
  });
  it("a changed phone falls back to verify_phone from later stages only", () => {
    expect(stageAfterPhoneChange("complete")).toBe("verify_phone");
    expect(stageAfterPhoneChange("otp_sent")).toBe("verify_phone");
    expect(stageAfterPhoneChange("profile")).toBe("profile");
    expect(stageAfterPhoneChange("account_locked")).toBe("account_locked");
  });
});

describe("availability dates", () => {
  it("minimum end date is the start date, or 1920-05-04", () => {
    expect(AVAILABILITY_MIN_DATE).toBe("1920-05-04");
    expect(minAvailableEndDate(null)).toBe("1920-05-04");
    expect(minAvailableEndDate("")).toBe("1920-05-04");
    expect(minAvailableEndDate("2026-03-01")).toBe("2026-03-01");
  });
  it("checks the pair", () => {
    expect(availabilityDatesError("2026-03-01", "2026-02-28")).toBe("The end date cannot be before the start date.");
    expect(availabilityDatesError("2026-03-01", "2026-03-01")).toBeNull();
    expect(availabilityDatesError(null, "1920-05-03")).toBe(CONSULTANT_MESSAGES.endBeforeMinimum);
    expect(availabilityDatesError(null, "1920-05-04")).toBeNull();
    expect(availabilityDatesError("2026-03-01", null)).toBeNull();
  });
  it("knows real calendar dates", () => {
    expect(isIsoDate("2024-02-29")).toBe(true);
    expect(isIsoDate("2023-02-29")).toBe(false);
    expect(isIsoDate("2024-2-1")).toBe(false);
  });
});

describe("the three dialogs", () => {
  it("Send Message: message_to_admin is required and may span lines", () => {
    expect(SendMessageSchema.safeParse({}).success).toBe(false);
    expect(SendMessageSchema.safeParse({ message_to_admin: "   " }).success).toBe(false);
    const ok = SendMessageSchema.parse({ message_to_admin: "Line one\nLine two" });
    expect(ok.message_to_admin).toBe("Line one\nLine two");
  });
  it("Set Your Availability: start required, end not before start", () => {
    expect(AvailabilitySchema.safeParse({ available_end_date: "2026-01-01" }).success).toBe(false);
    const bad = AvailabilitySchema.safeParse({ available_start_date: "2026-03-10", available_end_date: "2026-03-09" });
    expect(bad.success).toBe(false);
    if (!bad.success) {
      expect(bad.error.issues[0]?.message).toBe("The end date cannot be before the start date.");
      expect(bad.error.issues[0]?.path).toEqual(["available_end_date"]);
    }
    expect(AvailabilitySchema.parse({ available_start_date: "2026-03-10" })).toEqual({ available_start_date: "2026-03-10", available_end_date: null });
    expect(AvailabilitySchema.parse({ available_start_date: "2026-03-10", available_end_date: "2026-03-10" }).available_end_date).toBe("2026-03-10");
  });
  it("Set Notes and Rates: all three required, rates not negative", () => {
    expect(NotesAndRatesSchema.safeParse({ comment_by_admin: "Good", daily_rate_onsite: 500 }).success).toBe(false);
    expect(NotesAndRatesSchema.safeParse({ comment_by_admin: "", daily_rate_onsite: 1, daily_rate_offsite: 1 }).success).toBe(false);
    expect(NotesAndRatesSchema.safeParse({ comment_by_admin: "x", daily_rate_onsite: -1, daily_rate_offsite: 1 }).success).toBe(false);
    expect(NotesAndRatesSchema.parse({ comment_by_admin: "x", daily_rate_onsite: 0, daily_rate_offsite: 450.5 })).toEqual({
      comment_by_admin: "x", daily_rate_onsite: 0, daily_rate_offsite: 450.5,
    });
  });
});

describe("field rules", () => {
  it("phones carry a country code", () => {
    expect(normalizePhone(" +44 (20) 7946-0958 ")).toBe("+442079460958");
    expect(normalizePhone("0033 1 23 45 67 89")).toBe("+33123456789");
    expect(PHONE_RE.test("+442079460958")).toBe(true);
    expect(PHONE_RE.test("2079460958")).toBe(false);
  });
  it("average rating: mean, one decimal, at most 5", () => {
    expect(averageRating([])).toBeNull();
    expect(averageRating([5, 4, 4])).toBe(4.3);
    expect(averageRating([1, 2])).toBe(1.5);
    expect(roundRating(5.04)).toBe(5);
    expect(roundRating(7)).toBe(5);
  });
  it("services are canonicalised and unknown ones refused", () => {
    expect(servicesInput.parse("record review, CAMO,Record Review")).toEqual(["Record Review", "CAMO"]);
    expect(servicesInput.safeParse(["Teleportation"]).success).toBe(false);
  });
  it("profile fields: partial, strict, typed", () => {
    expect(ConsultantFieldsInput.parse({ aircraft_type: true, daily_rate_onsite: "250" })).toEqual({ aircraft_type: "1", daily_rate_onsite: 250 });
    expect(ConsultantFieldsInput.safeParse({ stage: "complete" }).success).toBe(false);
    expect(ConsultantFieldsInput.safeParse({ name: "" }).success).toBe(false);
    expect(ConsultantFieldsInput.parse({ available_end_date: "" })).toEqual({ available_end_date: null });
  });
  it("ratings 1..5, integers", () => {
    expect(RateInput.parse({ rating: "4" })).toEqual({ rating: 4, comment: "" });
    expect(RateInput.safeParse({ rating: 6 }).success).toBe(false);
    expect(RateInput.safeParse({ rating: 2.5 }).success).toBe(false);
  });
  it("marketplace query: bad values are dropped, not fatal", () => {
    expect(MarketplaceQuery.parse({ sort: "price", page: "2", per_page: "500", availability: "available" })).toEqual({
      sort: undefined, page: 2, per_page: undefined, availability: "available",
    });
  });
});
